import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewCall, overviewForSub } from '@contract/account';
import type { Overview } from '@contract/account';
import { cardAuthorizations, cards } from '../../../db/schema';
import { openTestCard } from '../../../testing/cards';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { fundWallet } from '../../../testing/money';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import { authorizeOnce, followUpEvent, sendEvent } from '../../../testing/issuer';
import { civilDate } from '../account-calendar';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function overviewOf(token: string, def: typeof overviewCall = overviewCall): Promise<Overview> {
  const answer = await t.api(def, {}, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as Overview;
}

describe('overview figures', () => {
  it('counts cards by status, spend net of refunds, top-ups by day and month', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    const frozen = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'frozen' }).where(eq(cards.id, frozen.id));
    const deleted = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, deleted.id));
    await openTestCard(t, other.accountId, { balance: 1_000 });

    await fundWallet(t, me.accountId, 'CNY', 50_000);
    await fundWallet(t, me.accountId, 'USD', 7_000);
    await fundWallet(t, other.accountId, 'USD', 9_999);

    // Pending 1,000 + completed 2,000 refunded 500 + reversed 4,000 (0) + declined (0) = 2,500.
    await authorizeOnce(t, card, { amount: 1_000 });
    const cleared = await authorizeOnce(t, card, { amount: 2_000 });
    await sendEvent(t, followUpEvent(card, 'clearing', cleared.authorizationId, 2_000));
    await sendEvent(t, followUpEvent(card, 'refund', cleared.authorizationId, 500));
    const reversed = await authorizeOnce(t, card, { amount: 4_000 });
    await sendEvent(t, followUpEvent(card, 'reversal', reversed.authorizationId, 4_000));
    await authorizeOnce(t, card, { amount: 1, cvvMatched: false });

    const figures = await overviewOf(me.token);
    expect(figures.cards).toEqual({ total: 3, active: 1, frozen: 1, deleted: 1 });
    expect(figures.monthSpend).toEqual({ CNY: 0, USD: 2_500 });
    expect(figures.monthTopUp).toEqual({ CNY: 50_000, USD: 7_000 });
    const today = figures.daily.at(-1)!;
    expect(today.date).toBe(civilDate(t.ctx.now()));
    expect(today.spend).toEqual({ CNY: 0, USD: 2_500 });
    expect(today.topUp).toEqual({ CNY: 50_000, USD: 7_000 });
    expect(figures.daily.slice(0, -1).every((day) => day.spend.USD === 0 && day.topUp.CNY === 0)).toBe(true);
  });

  it('puts spend on the day of the authorization in UTC+8, and leaves older days out of the month', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    const { authorizationId } = await authorizeOnce(t, card, { amount: 700 });
    // Move the authorization to 10 days ago, 23:30 in Shanghai (15:30 UTC the same day).
    const now = t.ctx.now();
    const tenDaysAgo = civilDate(new Date(now.getTime() - 10 * 86_400_000));
    const lateEvening = new Date(`${tenDaysAgo}T15:30:00Z`);
    await t.ctx.database.db
      .update(cardAuthorizations)
      .set({ createdAt: lateEvening })
      .where(eq(cardAuthorizations.issuerAuthId, authorizationId));
    const figures = await overviewOf(me.token);
    const day = figures.daily.find((d) => d.date === tenDaysAgo);
    expect(day?.spend.USD).toBe(700);
    const sameMonth = tenDaysAgo.slice(0, 7) === civilDate(now).slice(0, 7);
    expect(figures.monthSpend.USD).toBe(sameMonth ? 700 : 0);
    expect(figures.daily.filter((d) => (d.spend.USD ?? 0) > 0)).toHaveLength(1);
  });

  it('narrows a sub-account user to their cards; their top-ups are the loads onto those cards', async () => {
    const me = await signedInAccount(t);
    await openTestCard(t, me.accountId, { balance: 5_000 });
    const subCard = await openTestCard(t, me.accountId, { balance: 3_000, subAccountId: 'sub-ov' });
    await fundWallet(t, me.accountId, 'USD', 10_000);
    await authorizeOnce(t, subCard, { amount: 1_200 });
    const sub = await openSession(t, me.accountId, 'sub-ov');
    const figures = await overviewOf(sub.token, overviewForSub);
    expect(figures.cards).toEqual({ total: 1, active: 1, frozen: 0, deleted: 0 });
    expect(figures.monthSpend).toEqual({ CNY: 0, USD: 1_200 });
    expect(figures.monthTopUp).toEqual({ CNY: 0, USD: 3_000 });
  });
});
