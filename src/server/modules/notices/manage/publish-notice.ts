/**
 * Publish a draft now or schedule it for a later time (issue 31 §2). From `publishAt` on, the customers
 * it is meant for see it (list, carousel, dialog, and the banner for a banner notice); before that, no
 * one does. A time in the past is refused (it would backdate the notice); a time within a minute in
 * the past counts as now (the operator's clock and form).
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { notices } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { ActingOperator } from '../../../lib/operator-actor';
import { audit } from '../../../lib/operator-actor';
import type { ConsoleNotice } from './notice-state';
import { consoleNoticeOf, lockNotice } from './notice-state';
import { withoutBody } from './save-notice';

const SKEW_MS = 60_000;

export async function publishNotice(
  ctx: AppContext,
  actor: ActingOperator,
  input: { id: string; publishAt?: Date | undefined },
): Promise<ConsoleNotice> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    const row = await lockNotice(tx, input.id);
    if (!row.draft || row.retiredAt) throw fail.rule('server:operatorContent.notices.notDraft');
    let at = input.publishAt ?? now;
    if (at.getTime() < now.getTime() - SKEW_MS)
      throw fail.rule('server:operatorContent.notices.publishAtPast');
    if (at < now) at = now;
    const before = await consoleNoticeOf(tx, row, now);
    await tx
      .update(notices)
      .set({ draft: false, publishedAt: at, updatedAt: now })
      .where(eq(notices.id, row.id));
    const after = await consoleNoticeOf(tx, await lockNotice(tx, row.id), now);
    await audit(tx, actor, {
      action: at > now ? 'notices.schedule' : 'notices.publish',
      targetKind: 'notice',
      targetId: row.id,
      before: withoutBody(before),
      after: withoutBody(after),
      reason: null,
    });
    return after;
  });
}
