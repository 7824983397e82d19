/** Helpers of the opening tests: funded accounts, quotes, coupons, a spy on the issuer. */
import { and, eq } from 'drizzle-orm';
import type { CostBreakdown, HolderFields } from '../../../contract/cards';
import { batchOpenCardCost, openCardCost } from '../../../contract/cards';
import { accounts, coupons, ledgerAccounts, plans } from '../../db/schema';
import { newId } from '../../lib/crypto';
import type { IssuedCard, IssueRequest } from '../../providers/issuer';
import { TEST_HOLDER } from '../../testing/cards';
import type { TestApp } from '../../testing/harness';
import { fundWallet } from '../../testing/money';
import type { SignedInAccount } from '../../testing/signed-in';
import { signedInAccount } from '../../testing/signed-in';

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
  const [wallet] = await t.ctx.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.accountId, accountId),
        eq(ledgerAccounts.kind, 'wallet'),
        eq(ledgerAccounts.currency, currency),
      ),
    );
  return wallet?.balance ?? 0;
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

export function idempotency(key = `k-${newId()}`): { 'idempotency-key': string } {
  return { 'idempotency-key': key };
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
