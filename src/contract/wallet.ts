/** Wallet balances (spec §3: a map of named amounts in hundredths). */
import { z } from 'zod';
import { currencyCode, endpoint, minorUnits } from './core';

/** Available balance per currency code, in minor units. */
export const walletBalances = z.partialRecord(currencyCode, minorUnits);
export type WalletBalances = z.infer<typeof walletBalances>;

export const wallet = endpoint({
  id: 'wallet.wallet',
  method: 'GET',
  path: '/api/user/wallet',
  encoding: 'query',
  auth: 'bearer',
  permission: 'finance:wallet',
  summary: 'Wallet balances by currency in minor units, e.g. { "CNY": 50000, "USD": 0 }.',
  request: z.object({}),
  response: walletBalances,
});

export const walletEndpoints = [wallet];
