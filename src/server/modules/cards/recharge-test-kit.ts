/**
 * Helpers for the tests of the per-card actions: balances read straight from the ledger, the ledger
 * audit, a quote-then-act recharge as the PWA does it, and fresh Idempotency-Keys.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CostBreakdown } from '../../../contract/cards';
import { cardRecharge, rechargeCost } from '../../../contract/cards';
import { cardEvents, ledgerAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { Answer, TestApp } from '../../testing/harness';
import { auditLedger } from '../ledger';

export function idemKey(): string {
  return `k-${newId()}`;
}

export async function walletBalance(t: TestApp, accountId: string, currency: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.accountId, accountId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, 'wallet'),
      ),
    );
  return row?.balance ?? 0;
}

/** Every ledger invariant holds (nets to zero, balances = entries, nothing negative). */
export async function expectLedgerHealthy(t: TestApp): Promise<void> {
  expect(await auditLedger(t.ctx.database.db)).toEqual({
    unbalancedTransactions: [],
    balanceNotSumOfEntries: [],
    balanceNotLastBalanceAfter: [],
    negativeWallets: [],
  });
}

/** Quote a load, then send it with the quoted total of `debitCurrency`, as the PWA does. */
export async function quoteAndRecharge(
  t: TestApp,
  token: string,
  input: { cardId: string; amount: number; debitCurrency?: 'USD' | 'CNY'; couponId?: string },
  key = idemKey(),
): Promise<{ quote: CostBreakdown; answer: Answer }> {
  const debitCurrency = input.debitCurrency ?? 'USD';
  const quoted = await t.api(
    rechargeCost,
    { cardId: input.cardId, amount: input.amount, couponId: input.couponId },
    { token },
  );
  expect(quoted.body.code).toBe(200);
  const quote = quoted.body.data as CostBreakdown;
  const total = quote.totals.find((row) => row.debitCurrency === debitCurrency)!.total;
  const answer = await t.api(
    cardRecharge,
    { ...input, debitCurrency, expectTotal: total },
    { token, headers: { 'idempotency-key': key } },
  );
  return { quote, answer };
}

/** The actions of a card's events, oldest first. */
export async function eventActions(t: TestApp, cardId: string): Promise<string[]> {
  const rows = await t.ctx.database.db
    .select({ action: cardEvents.action })
    .from(cardEvents)
    .where(eq(cardEvents.cardId, cardId))
    .orderBy(cardEvents.id);
  return rows.map((row) => row.action);
}
