/**
 * Helpers of the card tests: funded accounts, plans and coupons, quotes, openings as the PWA sends
 * them, a spy on the issuer, a quote-then-act recharge, balances read straight from the ledger, the
 * ledger audit, card events, and fresh Idempotency-Keys.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CostBreakdown, HolderFields } from '../../contract/cards';
import {
  batchOpenCard,
  batchOpenCardCost,
  cardRecharge,
  newCard,
  openCardCost,
  rechargeCost,
} from '../../contract/cards';
import { accounts, cardEvents, cards, coupons, plans } from '../db/schema';
import { newId } from '../lib/crypto';
import type { IssuedCard, IssueRequest } from '../providers/issuer';
import { TEST_HOLDER } from './cards';
import type { Answer, TestApp } from './harness';
import { fundWallet } from './money';
import type { SignedInAccount } from './signed-in';
import { signedInAccount } from './signed-in';
import { auditLedger, moveMoney } from '../modules/ledger';
import { walletBalanceOf } from '../modules/wallet/read-wallet';
import type { CardRow } from '../modules/cards/card-access';

export { TEST_HOLDER };

/** Open, USD, segment fee 1.00 and 1% (both lower than the standard plan's), minimum first load 5.00. */
export const SUBSCRIPTIONS = 'visa-428837';
/** In maintenance (migration 0007). */
export const MAINTENANCE = 'visa-441112';

export async function funded(
  t: TestApp,
  options: { usd?: number; cny?: number; plan?: string } = {},
): Promise<SignedInAccount> {
  const me = await signedInAccount(t);
  if (options.usd) await fundWallet(t, me.accountId, 'USD', options.usd);
  if (options.cny) await fundWallet(t, me.accountId, 'CNY', options.cny);
  if (options.plan)
    await t.ctx.database.db
      .update(accounts)
      .set({ planCode: options.plan })
      .where(eq(accounts.id, me.accountId));
  return me;
}

/** A plan of its own for a test (e.g. a tiny monthly allowance). */
export async function usePlan(
  t: TestApp,
  accountId: string,
  plan: { monthlyCardLimit: number; openCardFee?: number; rechargeFeeBp?: number },
): Promise<void> {
  const code = `test-${newId()}`;
  await t.ctx.database.db.insert(plans).values({
    code,
    nameZh: '测试',
    nameEn: 'Test',
    feeCurrency: 'USD',
    openCardFee: plan.openCardFee ?? 200,
    rechargeFeeBp: plan.rechargeFeeBp ?? 150,
    monthlyCardLimit: plan.monthlyCardLimit,
  });
  await t.ctx.database.db.update(accounts).set({ planCode: code }).where(eq(accounts.id, accountId));
}

export async function walletBalance(t: TestApp, accountId: string, currency: string): Promise<number> {
  return walletBalanceOf(t.ctx.database.db, accountId, currency);
}

/** Takes `amount` from the USD wallet, as another payment elsewhere would. */
export async function drainWallet(t: TestApp, accountId: string, amount: number): Promise<void> {
  await moveMoney(t.ctx, {
    key: `test-drain:${newId()}`,
    kind: 'card_recharge',
    accountId,
    legs: [
      { account: { wallet: { accountId, currency: 'USD' } }, amount: -amount, type: 'card_recharge' },
      { account: { house: { kind: 'card_funding', name: 'test', currency: 'USD' } }, amount, type: 'test' },
    ],
    actor: { ip: 'test', device: 'test' },
  });
}

/** The account's cards, as stored. */
export async function cardsOf(t: TestApp, accountId: string): Promise<CardRow[]> {
  return t.ctx.database.db.select().from(cards).where(eq(cards.accountId, accountId));
}

export async function addCoupon(
  t: TestApp,
  accountId: string,
  coupon: {
    type: 'open_fee' | 'recharge_fee';
    discountBp: number;
    availableTimes: number;
    expiresInMs?: number;
  },
): Promise<string> {
  const id = newId();
  const now = t.ctx.now();
  await t.ctx.database.db.insert(coupons).values({
    id,
    accountId,
    number: `T${id}`,
    type: coupon.type,
    discountBp: coupon.discountBp,
    availableTimes: coupon.availableTimes,
    expiresAt: new Date(now.getTime() + (coupon.expiresInMs ?? 30 * 24 * 3600 * 1000)),
    createdAt: now,
  });
  return id;
}

export async function quote(
  t: TestApp,
  token: string,
  input: { segmentId: string; amount: number; count?: number; couponId?: string },
): Promise<CostBreakdown> {
  const answer =
    input.count === undefined
      ? await t.api(openCardCost, input, { token })
      : await t.api(batchOpenCardCost, { ...input, count: input.count }, { token });
  if (answer.body.code !== 200) throw new Error(`cost failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data as CostBreakdown;
}

export function totalFor(cost: CostBreakdown, currency: 'USD' | 'CNY'): number {
  const total = cost.totals.find((row) => row.debitCurrency === currency);
  if (!total) throw new Error(`no ${currency} total`);
  return total.total;
}

export function holderInput(overrides: Partial<HolderFields> = {}): HolderFields {
  return { ...TEST_HOLDER, ...overrides };
}

export function idemKey(): string {
  return `k-${newId()}`;
}

export function idempotency(key = idemKey()): { 'idempotency-key': string } {
  return { 'idempotency-key': key };
}

/** What an opening request may say; the rest is the test holder, SUBSCRIPTIONS, 10.00 from USD. */
export interface OpeningInput {
  segmentId?: string;
  amount?: number;
  expectTotal: number;
  couponId?: string;
  debitCurrency?: 'USD' | 'CNY';
  label?: string;
  /** A saved spending-rule template the new cards get. */
  spendTemplateId?: string;
}

function openingRequest(input: OpeningInput) {
  return {
    ...holderInput(),
    segmentId: input.segmentId ?? SUBSCRIPTIONS,
    amount: input.amount ?? 1_000,
    debitCurrency: input.debitCurrency ?? 'USD',
    expectTotal: input.expectTotal,
    couponId: input.couponId,
    label: input.label,
    spendTemplateId: input.spendTemplateId,
  };
}

/** newCard as the PWA sends it. */
export function openCard(
  t: TestApp,
  token: string,
  input: OpeningInput,
  headers: Record<string, string> = idempotency(),
): Promise<Answer> {
  return t.api(newCard, openingRequest(input), { token, headers });
}

/** batchOpenCard as the PWA sends it: `count` cards; the Idempotency-Key is the batch id. */
export function openCardBatch(
  t: TestApp,
  token: string,
  input: OpeningInput & { count: number },
  headers: Record<string, string> = idempotency(),
): Promise<Answer> {
  return t.api(batchOpenCard, { ...openingRequest(input), count: input.count }, { token, headers });
}

/**
 * Replaces the issuer's issueCard and cancelCard with recording wrappers; `onIssue` runs before each
 * call (the n-th call, from 1) and may throw to make that call fail. Returns the record and undo.
 */
export function spyOnIssuer(
  t: TestApp,
  onIssue: (n: number, request: IssueRequest) => void | Promise<void> = () => undefined,
): { issued: IssuedCard[]; cancelled: string[]; calls: () => number; restore: () => void } {
  const original = t.ctx.issuer;
  const issued: IssuedCard[] = [];
  const cancelled: string[] = [];
  let calls = 0;
  t.ctx.issuer = {
    ...original,
    async issueCard(request) {
      calls += 1;
      await onIssue(calls, request);
      const card = await original.issueCard(request);
      issued.push(card);
      return card;
    },
    async cancelCard(issuerRef) {
      cancelled.push(issuerRef);
      await original.cancelCard(issuerRef);
    },
  };
  return { issued, cancelled, calls: () => calls, restore: () => (t.ctx.issuer = original) };
}

/** Every ledger invariant holds (nets to zero, balances = entries, nothing negative). */
export async function expectLedgerHealthy(t: TestApp): Promise<void> {
  expect(await auditLedger(t.ctx.database.db)).toEqual({
    unbalancedTransactions: [],
    balanceNotSumOfEntries: [],
    balanceNotLastBalanceAfter: [],
    negativeWallets: [],
    cardCopyNotBalance: [],
    rebateNotAgentBalances: [],
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
