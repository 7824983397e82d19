/**
 * The shared step of every change to a member: lock its row, apply the change, and hand the
 * operation log what it was and what it became. The member's next request reads the new row.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { subAccounts } from '../../db/schema';
import type { Call } from '../../lib/route';
import { type SubRow, subNotFound, viewOf } from './sub-view';

export async function lockOwnSub(tx: Tx, accountId: string, subId: string): Promise<SubRow> {
  const [row] = await tx
    .select()
    .from(subAccounts)
    .where(and(eq(subAccounts.id, subId), eq(subAccounts.accountId, accountId)))
    .for('update');
  if (!row) throw subNotFound();
  return row;
}

/**
 * Runs `change` on the locked member; it returns the fields to set (or nothing) and may do more in
 * the same transaction. `audit` picks the fields the log shows before and after.
 */
export async function updateSub(
  ctx: AppContext,
  call: Call | null,
  accountId: string,
  subId: string,
  change: (row: SubRow, tx: Tx) => Promise<Partial<SubRow> | null>,
  audit: (row: SubRow) => Record<string, unknown>,
) {
  const after = await inTransaction(ctx.database.db, async (tx) => {
    const before = await lockOwnSub(tx, accountId, subId);
    const fields = await change(before, tx);
    if (!fields) return before;
    const [row] = await tx
      .update(subAccounts)
      .set({ ...fields, updatedAt: ctx.now() })
      .where(eq(subAccounts.id, subId))
      .returning();
    if (call) call.auditDetail = { subAccountId: subId, before: audit(before), after: audit(row!) };
    return row!;
  });
  return viewOf(ctx, ctx.database.db, after);
}
