/**
 * Retire a notice (issue 31 §2): from now on no customer sees it: not in the list, the carousel, the
 * dialog or the banner, and it cannot be read or dismissed any more. Read rows stay (history). A
 * scheduled notice retired before its time never shows. Retiring is final; a retired notice is not
 * changed again.
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

export async function retireNotice(
  ctx: AppContext,
  actor: ActingOperator,
  input: { id: string; reason: string | null },
): Promise<ConsoleNotice> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    const row = await lockNotice(tx, input.id);
    if (row.retiredAt) throw fail.rule('server:operatorContent.notices.retired');
    const before = await consoleNoticeOf(tx, row, now);
    await tx.update(notices).set({ retiredAt: now, updatedAt: now }).where(eq(notices.id, row.id));
    const after = await consoleNoticeOf(tx, await lockNotice(tx, row.id), now);
    await audit(tx, actor, {
      action: 'notices.retire',
      targetKind: 'notice',
      targetId: row.id,
      before: withoutBody(before),
      after: withoutBody(after),
      reason: input.reason,
    });
    return after;
  });
}
