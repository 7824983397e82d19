/**
 * cancel/submit: close the account. Refused (422) while any money is held, so closing never strands
 * a balance; on success the account is 'cancelled' and every session, the caller's included, ends.
 * Needs an `account_close` step-up ticket besides the mailed code, so a stolen bearer token alone
 * cannot close the account.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { accounts, ledgerAccounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { consumeMailCode } from '../../../lib/mail-codes';
import type { MainPrincipal } from '../../../lib/principal';
import type { Call } from '../../../lib/route';
import { revokeAccountSessions } from '../../../lib/session';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';
import { loadAccount } from '../load-account';

/**
 * Wallet balances must all be zero. The rows are locked so that a credit cannot commit between this
 * check and the status change; money-moving operations must still refuse accounts that are not
 * 'active'. (Outside a transaction the lock ends with the statement: harmless for the first look.)
 * Card balances join this check when cards exist.
 */
async function ensureNothingHeld(tx: Executor, accountId: string): Promise<void> {
  const wallets = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountId, accountId))
    .for('update');
  if (wallets.some((w) => w.balance !== 0)) throw fail.rule('server:account.balanceNotZero');
}

export async function cancelAccount(
  ctx: AppContext,
  call: Call,
  principal: MainPrincipal,
  input: { code: string; stepUpTicket?: string | undefined },
): Promise<void> {
  const account = await loadAccount(ctx, principal.accountId);
  // First looks before the code is spent, so a refusal leaves the user their code.
  await requireLiveStepUp(ctx.database.db, call, 'account_close', input.stepUpTicket);
  await ensureNothingHeld(ctx.database.db, account.id);
  await consumeMailCode(ctx, account.email, 'cancel', input.code);
  await inTransaction(ctx.database.db, async (tx) => {
    await consumeStepUp(tx, call, 'account_close', input.stepUpTicket);
    await ensureNothingHeld(tx, account.id);
    await tx
      .update(accounts)
      .set({ status: 'cancelled', updatedAt: ctx.now() })
      .where(eq(accounts.id, account.id));
    await revokeAccountSessions(ctx, tx, account.id, 'account-cancelled');
  });
}
