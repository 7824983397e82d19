/**
 * Idempotency of withdrawals: the request's `Idempotency-Key` is stored on the withdrawal (unique per
 * account). The same key with the same fields answers the first withdrawal; with other fields 409.
 * Two requests racing with one key are serialised by an advisory lock on it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { agentWithdrawals } from '../../../db/schema';
import { fail } from '../../../lib/errors';

type Row = typeof agentWithdrawals.$inferSelect;

export async function earlierWithdrawal(
  tx: Tx,
  accountId: string,
  idempotencyKey: string | null,
  same: (row: Row) => boolean,
): Promise<Row | null> {
  if (idempotencyKey === null) return null;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`agent-withdraw:${accountId}:${idempotencyKey}`}, 0))`,
  );
  const [earlier] = await tx
    .select()
    .from(agentWithdrawals)
    .where(
      and(eq(agentWithdrawals.accountId, accountId), eq(agentWithdrawals.idempotencyKey, idempotencyKey)),
    );
  if (!earlier) return null;
  if (!same(earlier)) throw fail.conflict('server:idempotency.keyReused');
  return earlier;
}
