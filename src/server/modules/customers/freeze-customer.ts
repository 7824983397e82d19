/**
 * Freeze or unfreeze a customer account with a reason (issue 31 §2). A frozen account is the
 * account status `frozen` that already exists: sign-in refuses it (complete-sign-in.ts), every bearer
 * call and refresh refuses it (lib/session.ts), so it can neither sign in nor move money, and its
 * sub-account users are frozen with it (auth/find-account.ts). Freezing also ends the account's live
 * sessions at once. Cards are left as they are (a card's own freeze is the customer's); the issuer
 * side of a fraud case is for the card screen. A closed account is neither frozen nor unfrozen.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { accounts } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { ActingOperator } from '../../lib/operator-actor';
import { audit } from '../../lib/operator-actor';
import { revokeAccountSessions } from '../../lib/session';

export interface FreezeResult {
  id: string;
  status: 'active' | 'frozen';
  frozenReason: string | null;
  frozenAt: string | null;
}

export async function setCustomerFrozen(
  ctx: AppContext,
  actor: ActingOperator,
  input: { accountId: string; frozen: boolean; reason: string },
): Promise<FreezeResult> {
  return inTransaction(ctx.database.db, async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .select({
        id: accounts.id,
        status: accounts.status,
        frozenReason: accounts.frozenReason,
        frozenAt: accounts.frozenAt,
      })
      .from(accounts)
      .where(eq(accounts.id, input.accountId))
      .for('update')
      .limit(1);
    if (!row) throw fail.rule('server:operatorContent.customers.notFound');
    if (row.status === 'cancelled') throw fail.rule('server:operatorContent.customers.cancelled');
    if (input.frozen && row.status === 'frozen')
      throw fail.rule('server:operatorContent.customers.alreadyFrozen');
    if (!input.frozen && row.status !== 'frozen')
      throw fail.rule('server:operatorContent.customers.notFrozen');
    const after = input.frozen
      ? { status: 'frozen' as const, frozenReason: input.reason, frozenAt: now }
      : { status: 'active' as const, frozenReason: null, frozenAt: null };
    await tx
      .update(accounts)
      .set({ ...after, updatedAt: now })
      .where(eq(accounts.id, row.id));
    if (input.frozen) await revokeAccountSessions(ctx, tx, row.id, 'frozen-by-operator');
    const view = (state: { status: string; frozenReason: string | null; frozenAt: Date | null }) => ({
      status: state.status,
      frozenReason: state.frozenReason,
      frozenAt: state.frozenAt?.toISOString() ?? null,
    });
    await audit(tx, actor, {
      action: input.frozen ? 'customers.freeze' : 'customers.unfreeze',
      targetKind: 'account',
      targetId: row.id,
      before: view(row),
      after: view(after),
      reason: input.reason,
    });
    return { id: row.id, ...after, frozenAt: after.frozenAt?.toISOString() ?? null };
  });
}
