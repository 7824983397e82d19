/**
 * Puts money in a wallet for a test through the real ledger (a balanced movement from a house
 * clearing account), so the ledger invariants hold in every test that needs a balance.
 */
import { newId } from '../lib/crypto';
import { moveMoney } from '../modules/ledger';
import type { TestApp } from './harness';

export async function fundWallet(
  t: TestApp,
  accountId: string,
  currency: string,
  amount: number,
): Promise<string> {
  const posted = await moveMoney(t.ctx, {
    key: `test-fund:${newId()}`,
    kind: 'topup',
    accountId,
    legs: [
      {
        account: { house: { kind: 'clearing', name: 'test', currency } },
        amount: -amount,
        type: 'test funding',
      },
      { account: { wallet: { accountId, currency } }, amount, type: 'topup', description: 'test funding' },
    ],
    actor: { ip: 'test', device: 'test' },
  });
  return posted.transactionId;
}
