/** Wallet balances of an account by currency, in minor units (GET /api/user/wallet). */
import { eq } from 'drizzle-orm';
import { currencyCode } from '../../../contract/core';
import type { AppContext } from '../../context';
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
