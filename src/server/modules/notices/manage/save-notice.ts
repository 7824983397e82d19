/**
 * Write a notice in the console, or change one that is still a draft (issue 31 §2). The body is
 * sanitised exactly as every stored notice body is (store-notice.ts); the title is one bounded line.
 * A notice for chosen customers names them by their sign-in addresses; every address must be a
 * customer's. Published, scheduled and retired notices are not changed: customers may have read them
 * (a correction is a new notice, the old one retired).
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { notices, noticeTargets } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import type { ActingOperator } from '../../../lib/operator-actor';
import { audit } from '../../../lib/operator-actor';
import { prepareNotice } from '../store-notice';
import type { ConsoleNotice } from './notice-state';
import { consoleNoticeOf, lockNotice } from './notice-state';
import { resolveTargets } from './resolve-targets';

export interface NoticeDraft {
  /** Absent: a new notice. */
  id?: string | undefined;
  lang: Lang;
  kind: 'banner' | 'normal';
  title: string;
  msg: string;
  audience: 'all' | 'chosen';
  /** Sign-in addresses of the chosen customers (audience `chosen`). */
  targets: readonly string[];
}

export async function saveNotice(
  ctx: AppContext,
  actor: ActingOperator,
  draft: NoticeDraft,
): Promise<ConsoleNotice> {
  const prepared = await prepareNotice({ title: draft.title, msg: draft.msg });
  const db = ctx.database.db;
  return inTransaction(db, async (tx) => {
    const targetIds = await resolveTargets(tx, draft.audience, draft.targets);
    const now = ctx.now();
    const values = {
      lang: draft.lang,
      kind: draft.kind,
      title: prepared.title,
      msg: prepared.msg,
      audience: draft.audience,
      updatedAt: now,
    };
    let before: ConsoleNotice | null = null;
    let id = draft.id;
    if (id) {
      const row = await lockNotice(tx, id);
      if (!row.draft || row.retiredAt) throw fail.rule('server:operatorContent.notices.notDraft');
      before = await consoleNoticeOf(tx, row, now);
      await tx.update(notices).set(values).where(eq(notices.id, id));
      await tx.delete(noticeTargets).where(eq(noticeTargets.noticeId, id));
    } else {
      id = newId();
      await tx.insert(notices).values({
        ...values,
        id,
        draft: true,
        createdAt: now,
        publishedAt: now,
        createdBy: actor.operatorId,
      });
    }
    if (targetIds.length > 0)
      await tx.insert(noticeTargets).values(targetIds.map((accountId) => ({ noticeId: id, accountId })));
    const after = await consoleNoticeOf(tx, await lockNotice(tx, id), now);
    await audit(tx, actor, {
      action: before ? 'notices.edit' : 'notices.write',
      targetKind: 'notice',
      targetId: id,
      before: before && withoutBody(before),
      after: withoutBody(after),
      reason: null,
    });
    return after;
  });
}

/** The audit keeps the title and targets; the body's length stands for the body (it may be large). */
export function withoutBody(notice: ConsoleNotice): Omit<ConsoleNotice, 'msg'> & { msgLength: number } {
  const { msg, ...rest } = notice;
  return { ...rest, msgLength: msg.length };
}
