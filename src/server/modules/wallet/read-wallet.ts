/** Wallet balances of an account by currency, in minor units (GET /api/user/wallet). */
import { and, eq } from 'drizzle-orm';
import { currencyCode } from '../../../contract/core';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { ledgerAccounts } from '../../db/schema';
import type { CurrencyAmounts } from './currency-amounts';

export async function readWallet(ctx: AppContext, accountId: string): Promise<CurrencyAmounts> {
  const rows = await ctx.database.db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountId, accountId));
  const balances: CurrencyAmounts = {};
  // parse, not a cast: a wallet in a currency the contract does not know is a bug worth a loud 500.
  for (const row of rows) balances[currencyCode.parse(row.currency)] = row.balance;
  return balances;
}

/** One wallet's balance in minor units; 0 while the account has no wallet in that currency. */
export async function walletBalanceOf(db: Executor, accountId: string, currency: string): Promise<number> {
  const [wallet] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.accountId, accountId),
        eq(ledgerAccounts.kind, 'wallet'),
        eq(ledgerAccounts.currency, currency),
      ),
    )
    .limit(1);
  return wallet?.balance ?? 0;
}
