/** Operator management for admins: the list, and disabling one (its sessions end with it). */
import { asc, eq } from 'drizzle-orm';
import type { OperatorView } from '../../../../contract/operator';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { operators } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { writeOperatorAudit } from '../audit/write-operator-audit';
import type { OperatorActor } from '../operator-session';
import { endOperatorSessions } from '../operator-session';
import { operatorViewOf } from './operator-view';

export async function listOperators(ctx: AppContext): Promise<OperatorView[]> {
  const rows = await ctx.database.db
    .select()
    .from(operators)
    .orderBy(asc(operators.createdAt), asc(operators.id));
  return rows.map(operatorViewOf);
}

export async function disableOperator(
  ctx: AppContext,
  input: { id: string; reason: string },
  actor: OperatorActor,
): Promise<OperatorView> {
  if (input.id === actor.operatorId) throw fail.rule('console:errors.disableSelf');
  return inTransaction(ctx.database.db, async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, input.id)).for('update');
    if (!row) throw fail.rule('console:errors.operatorUnknown');
    if (row.status === 'disabled') return operatorViewOf(row);
    const [updated] = await tx
      .update(operators)
      .set({ status: 'disabled' })
      .where(eq(operators.id, row.id))
      .returning();
    await endOperatorSessions(ctx, tx, row.id);
    await writeOperatorAudit(tx, ctx, {
      actor,
      action: 'operators.disable',
      target: { kind: 'operator', id: row.id },
      before: { status: row.status },
      after: { status: 'disabled' },
      reason: input.reason,
    });
    return operatorViewOf(updated!);
  });
}
