/**
 * cancel/submit: close the account. Refused (422) while any money is held, so closing never strands
 * a balance; on success the account is 'cancelled' and every session, the caller's included, ends.
 * Needs an `account_close` step-up ticket besides the mailed code, so a stolen bearer token alone
 * cannot close the account.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { accounts, cards, ledgerAccounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { translate } from '../../../lib/i18n';
import { consumeMailCode } from '../../../lib/mail-codes';
import type { MainPrincipal } from '../../../lib/principal';
import type { Call } from '../../../lib/route';
import { revokeAccountSessions } from '../../../lib/session';
import { consumeStepUp, requireLiveStepUp } from '../../../lib/step-up';
import { loadAccount } from '../load-account';

/**
 * Every balance of the account (wallets and cards) must be zero. The rows are locked so that a
 * credit cannot commit between this check and the status change; money-moving operations must
 * still refuse accounts that are not 'active'. (Outside a transaction the lock ends with the
 * statement: harmless for the first look.) A refusal says what remains, each non-zero wallet and
 * card with its balance (issue 29 item 18), in the message and as `data.remaining`.
 */
async function ensureNothingHeld(tx: Executor, accountId: string, lang: Lang): Promise<void> {
  const wallets = await tx
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.accountId, accountId), ne(ledgerAccounts.balance, 0)))
    .orderBy(asc(ledgerAccounts.currency))
    .for('update');
  // A card's ledger account belongs to no customer: it is found through the card.
  const onCards = await tx
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance, serial: cards.serial })
    .from(cards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.ledgerAccountId))
    .where(and(eq(cards.accountId, accountId), ne(ledgerAccounts.balance, 0)))
    .orderBy(asc(cards.serial))
    .for('update', { of: ledgerAccounts });
  const held = [...wallets.map((w) => ({ ...w, serial: null })), ...onCards];
  if (held.length === 0) return;
  const remaining = held.map((row) => ({
    kind: row.serial ? ('card' as const) : ('wallet' as const),
    serial: row.serial,
    currency: row.currency,
    balance: row.balance,
  }));
  const items = remaining
    .map((item) => {
      const amount = `${(item.balance / 100).toFixed(2)} ${item.currency}`;
      return item.serial
        ? translate(lang, 'server:account.remainingCard', { serial: item.serial, amount })
        : translate(lang, 'server:account.remainingWallet', { currency: item.currency, amount });
    })
    .join(translate(lang, 'server:account.remainingJoin'));
  throw fail.rule('server:account.balanceNotZero', { items }, { remaining });
}

export async function cancelAccount(
  ctx: AppContext,
  call: Call,
  principal: MainPrincipal,
  input: { code: string; stepUpTicket?: string | undefined },
  lang: Lang,
): Promise<void> {
  const account = await loadAccount(ctx, principal.accountId);
  // First looks before the code is spent, so a refusal leaves the user their code.
  await requireLiveStepUp(ctx.database.db, call, 'account_close', input.stepUpTicket);
  await ensureNothingHeld(ctx.database.db, account.id, lang);
  await consumeMailCode(ctx, account.email, 'cancel', input.code);
  await inTransaction(ctx.database.db, async (tx) => {
    await consumeStepUp(tx, call, 'account_close', input.stepUpTicket);
    await ensureNothingHeld(tx, account.id, lang);
    await tx
      .update(accounts)
      .set({ status: 'cancelled', updatedAt: ctx.now() })
      .where(eq(accounts.id, account.id));
    await revokeAccountSessions(ctx, tx, account.id, 'account-cancelled');
  });
}
