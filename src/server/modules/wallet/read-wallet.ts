/** Wallet balances of an account by currency, in minor units (GET /api/user/wallet). */
import { eq } from 'drizzle-orm';
import { currencyCode } from '../../../contract/core';
import type { AppContext } from '../../context';
import { walletAccounts } from '../../db/schema';
import type { CurrencyAmounts } from './currency-amounts';

export async function readWallet(ctx: AppContext, accountId: string): Promise<CurrencyAmounts> {
  const rows = await ctx.database.db
    .select({ currency: walletAccounts.currency, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.accountId, accountId));
  const balances: CurrencyAmounts = {};
  // parse, not a cast: a wallet in a currency the contract does not know is a bug worth a loud 500.
  for (const row of rows) balances[currencyCode.parse(row.currency)] = row.balance;
  return balances;
}
