/**
 * Test fixtures of the financial breakdown: movements posted through the real ledger at chosen
 * instants (the ledger stamps entries with the context's clock), and a small known history whose
 * flow rows the tests can spell out.
 */
import { describeWalletEntry } from '../modules/ledger/describe-entry';
import type { FlowRow } from '../../contract/finance';
import type { LedgerKind } from '../../contract/operations';
import { newId } from '../lib/crypto';
import type { Leg } from '../modules/ledger';
import { moveMoney } from '../modules/ledger';
import type { TestApp } from './harness';

type WalletLeg = Omit<Leg, 'account'> & { currency: string };

/** Posts wallet legs balanced by one house clearing leg per currency, stamped `at`. */
export async function postAt(
  t: TestApp,
  accountId: string,
  at: string,
  kind: LedgerKind,
  walletLegs: WalletLeg[],
): Promise<string> {
  const net = new Map<string, number>();
  for (const leg of walletLegs) net.set(leg.currency, (net.get(leg.currency) ?? 0) + leg.amount);
  const legs: Leg[] = walletLegs.map(({ currency, ...leg }) => ({
    ...leg,
    account: { wallet: { accountId, currency } },
  }));
  for (const [currency, sum] of net)
    legs.push({
      account: { house: { kind: 'clearing', name: 'test', currency } },
      amount: -sum,
      type: 'test',
    });
  const posted = await moveMoney(
    { ...t.ctx, now: () => new Date(at) },
    { key: `flows-test:${newId()}`, kind, accountId, legs, actor: { ip: 'test', device: 'test' } },
  );
  return posted.transactionId;
}

export interface History {
  /** Transaction numbers by letter, in the order they were posted. */
  txn: Record<'A' | 'B' | 'C' | 'D' | 'E', string>;
  /** Every flow row of the history, newest first, as flowPage answers them. */
  rows: FlowRow[];
}

/**
 * Five movements around the 1 March 2026 (UTC+8) day boundary: A just before it, B exactly at it
 * (a top-up and its fee: two rows of one transaction), C on its very last second, D at the next
 * midnight in USD, E later that day.
 */
export async function postHistory(t: TestApp, accountId: string): Promise<History> {
  const A = await postAt(t, accountId, '2026-02-28T23:59:59.999+08:00', 'topup', [
    { currency: 'CNY', amount: 1_000, type: 'topup', description: 'Alipay' },
  ]);
  const B = await postAt(t, accountId, '2026-03-01T00:00:00+08:00', 'topup', [
    { currency: 'CNY', amount: 50_000, type: 'topup', description: 'WeChat Pay' },
    { currency: 'CNY', amount: -300, type: 'fee', description: 'Top-up fee' },
  ]);
  const C = await postAt(t, accountId, '2026-03-01T23:59:59+08:00', 'card_recharge', [
    {
      currency: 'CNY',
      amount: -10_000,
      type: 'card_recharge',
      description: 'Card top-up',
      cardSerial: 'C001',
      label: 'ads',
    },
  ]);
  const D = await postAt(t, accountId, '2026-03-02T00:00:00+08:00', 'topup', [
    { currency: 'USD', amount: 20_000, type: 'topup', description: 'USDT' },
  ]);
  const E = await postAt(t, accountId, '2026-03-02T12:00:00+08:00', 'card_refund', [
    { currency: 'USD', amount: 500, type: 'card_refund', description: 'Refund', cardSerial: 'C002' },
  ]);
  const row = (
    txnNo: string,
    type: FlowRow['type'],
    currency: FlowRow['currency'],
    amount: number,
    balance: number,
    description: string,
    createdAt: string,
    cardSerial: string | null = null,
    label: string | null = null,
  ): FlowRow => {
    // The sentence has its own tests (describe-entry.test.ts); these rows test filters and order.
    const summary = describeWalletEntry({ type, description, cardSerial }, 'en', new Map());
    return { txnNo, type, currency, amount, balance, cardSerial, label, summary, description, createdAt };
  };
  return {
    txn: { A, B, C, D, E },
    rows: [
      row(E, 'card_refund', 'USD', 500, 20_500, 'Refund', '2026-03-02T04:00:00.000Z', 'C002'),
      row(D, 'topup', 'USD', 20_000, 20_000, 'USDT', '2026-03-01T16:00:00.000Z'),
      row(
        C,
        'card_recharge',
        'CNY',
        -10_000,
        40_700,
        'Card top-up',
        '2026-03-01T15:59:59.000Z',
        'C001',
        'ads',
      ),
      // Same transaction, same instant: the later entry (the fee) comes first.
      row(B, 'fee', 'CNY', -300, 50_700, 'Top-up fee', '2026-02-28T16:00:00.000Z'),
      row(B, 'topup', 'CNY', 50_000, 51_000, 'WeChat Pay', '2026-02-28T16:00:00.000Z'),
      row(A, 'topup', 'CNY', 1_000, 1_000, 'Alipay', '2026-02-28T15:59:59.999Z'),
    ],
  };
}
