/**
 * Spending controls end to end (issue 33): rules and budgets set through the API, decided by signed
 * issuer events, at the exact amount boundaries; clearing, reversal and refund on the counters;
 * single use closing the card; the operation log's before and after; bad input changing nothing.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardGroupAdd, editCardGroup } from '@contract/card-groups';
import type { CardGroupView } from '@contract/card-groups';
import type { CardSpendRulesInput, CardSpendView, GroupBudgetView } from '@contract/spending';
import { cardSpendRulesGet, cardSpendRulesSet, groupBudgetGet, groupBudgetSet } from '@contract/spending';
import { operationLogs } from '../../db/schema';
import { cardBalance, openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { authorizeOnce, cardRow, followUpEvent, sendEvent } from '../../testing/issuer';
import type { AuthorizationOptions } from '../../testing/issuer';
import type { SignedInAccount } from '../../testing/signed-in';
import { openSession, signedInAccount } from '../../testing/signed-in';
import type { CardRow } from '../cards/card-access';
import { auditLedger, isHealthy } from '../ledger';
import { readWallet } from '../wallet/read-wallet';
import { civilDate, shiftCivilDate, startOfCivilDate } from '../account/account-calendar';

const t = fileTestApp();
let me: SignedInAccount;
beforeEach(async () => {
  me = await signedInAccount(t);
});

async function setRules(card: CardRow, rules: CardSpendRulesInput): Promise<CardSpendView> {
  const answer = await t.api(cardSpendRulesSet, { cardId: card.id, rules }, { token: me.token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as CardSpendView;
}

async function viewOf(card: CardRow): Promise<CardSpendView> {
  return (await t.api(cardSpendRulesGet, { cardId: card.id }, { token: me.token })).body
    .data as CardSpendView;
}

/** Authorizes and answers the decline reason, or 'approved'; also the issuer id. */
async function pay(card: CardRow, amount: number, options: AuthorizationOptions = {}) {
  const { authorizationId, answer } = await authorizeOnce(t, card, { amount, ...options });
  const data = answer.body.data!;
  return { authorizationId, result: data.approved ? 'approved' : data.declineReason };
}

describe('card limits at the exact boundary', () => {
  it('per authorization: at the limit approved, one minor unit over declined', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await setRules(card, { perAuthorization: 2_000 });
    expect((await pay(card, 2_001)).result).toBe('rule_per_authorization');
    expect((await pay(card, 2_000)).result).toBe('approved');
    expect(await cardBalance(t, card.id)).toBe(98_000);
  });

  it('daily: held and cleared both count, a reversal gives room back, a refund does not; the next day is new', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await setRules(card, { daily: 3_000 });
    const first = await pay(card, 2_000);
    expect(first.result).toBe('approved');
    await sendEvent(t, followUpEvent(card, 'clearing', first.authorizationId, 2_000));
    expect((await pay(card, 1_001)).result).toBe('rule_daily');
    const second = await pay(card, 1_000);
    expect(second.result).toBe('approved');
    expect((await pay(card, 1)).result).toBe('rule_daily');
    let view = await viewOf(card);
    expect(view.usage.daily).toEqual({ limit: 3_000, held: 1_000, spent: 2_000, left: 0 });

    await sendEvent(t, followUpEvent(card, 'reversal', second.authorizationId, 1_000));
    view = await viewOf(card);
    expect(view.usage.daily).toEqual({ limit: 3_000, held: 0, spent: 2_000, left: 1_000 });
    await sendEvent(t, followUpEvent(card, 'refund', first.authorizationId, 2_000));
    expect((await viewOf(card)).usage.daily.left).toBe(1_000);
    expect((await pay(card, 1_001)).result).toBe('rule_daily');
    expect((await pay(card, 1_000)).result).toBe('approved');

    // Midnight of the account calendar (UTC+8): a new day, the month still counts everything.
    const now = t.ctx.now();
    t.advance(startOfCivilDate(shiftCivilDate(civilDate(now), 1)).getTime() - now.getTime() + 1);
    expect((await pay(card, 3_000)).result).toBe('approved');
    me = { ...me, ...(await openSession(t, me.accountId)) }; // the idle session has ended meanwhile
    view = await viewOf(card);
    expect(view.usage.daily).toMatchObject({ held: 3_000, spent: 0, left: 0 });
    expect(view.usage.lifetime).toMatchObject({ held: 4_000, spent: 2_000, left: null });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('monthly and lifetime: at the limit approved, one over declined', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await setRules(card, { monthly: 5_000, lifetime: 8_000 });
    expect((await pay(card, 4_000)).result).toBe('approved');
    expect((await pay(card, 1_001)).result).toBe('rule_monthly');
    expect((await pay(card, 1_000)).result).toBe('approved');
    await setRules(card, { lifetime: 8_000 });
    expect((await pay(card, 3_001)).result).toBe('rule_lifetime');
    expect((await pay(card, 3_000)).result).toBe('approved');
    expect((await viewOf(card)).usage.lifetime).toEqual({ limit: 8_000, held: 8_000, spent: 0, left: 0 });
  });

  it('categories and countries, allowed or blocked', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    await setRules(card, {
      categories: { mode: 'allow', groups: ['advertising', 'software'] },
      countries: { mode: 'block', countries: ['GB'] },
    });
    expect((await pay(card, 100, { category: '7311' })).result).toBe('approved');
    expect((await pay(card, 100, { category: '5812' })).result).toBe('rule_category');
    expect((await pay(card, 100, { category: '5734', country: 'GB' })).result).toBe('rule_country');
    expect((await pay(card, 100, { category: '5734', country: 'IE' })).result).toBe('approved');
  });

  it('valid from and until', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    const now = t.ctx.now().getTime();
    await setRules(card, { validFrom: new Date(now + 60_000).toISOString() });
    expect((await pay(card, 100)).result).toBe('rule_not_yet_valid');
    t.advance(60_000);
    expect((await pay(card, 100)).result).toBe('approved');
    await setRules(card, { validUntil: new Date(t.ctx.now().getTime() - 1).toISOString() });
    expect((await pay(card, 100)).result).toBe('rule_validity_ended');
  });
});

describe('single use', () => {
  it('declines while the first is held, opens again on its reversal, closes on its clearing', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    await setRules(card, { singleUse: true });
    const first = await pay(card, 4_000);
    expect(first.result).toBe('approved');
    expect((await pay(card, 1)).result).toBe('rule_single_use');
    expect((await viewOf(card)).singleUseSpent).toBe(true);
    await sendEvent(t, followUpEvent(card, 'reversal', first.authorizationId, 4_000));
    expect((await viewOf(card)).singleUseSpent).toBe(false);

    const second = await pay(card, 2_500);
    expect(second.result).toBe('approved');
    const before = await readWallet(t.ctx, me.accountId);
    const cleared = await sendEvent(t, followUpEvent(card, 'clearing', second.authorizationId, 2_500));
    expect(cleared.body.data?.outcome).toBe('cleared');
    expect((await cardRow(t, card.id)).status).toBe('deleted');
    expect(await cardBalance(t, card.id)).toBe(0);
    expect((await readWallet(t.ctx, me.accountId)).USD).toBe((before.USD ?? 0) + 7_500);
    expect((await pay(card, 1)).result).toBe('card_deleted');
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });
});

describe('group budget', () => {
  async function groupOf(cards: CardRow[], monthly: number | null): Promise<string> {
    const added = await t.api(cardGroupAdd, { name: `Ads ${Date.now()}` }, { token: me.token });
    const id = (added.body.data as CardGroupView).id;
    for (const card of cards) await t.api(editCardGroup, { cardId: card.id, gid: id }, { token: me.token });
    const set = await t.api(groupBudgetSet, { id, monthly }, { token: me.token });
    expect(set.body.code).toBe(200);
    return id;
  }

  it('is shared by the group’s cards: at the budget approved, one over declined; reversal gives room back', async () => {
    const a = await openTestCard(t, me.accountId, { balance: 100_000 });
    const b = await openTestCard(t, me.accountId, { balance: 100_000 });
    const id = await groupOf([a, b], 5_000);
    const held = await pay(a, 3_000);
    expect(held.result).toBe('approved');
    expect((await pay(b, 2_001)).result).toBe('group_budget');
    expect(await cardBalance(t, b.id)).toBe(100_000);
    expect((await pay(b, 2_000)).result).toBe('approved');
    expect((await pay(a, 1)).result).toBe('group_budget');
    let budget = (await t.api(groupBudgetGet, { id }, { token: me.token })).body.data as GroupBudgetView;
    expect(budget).toMatchObject({ monthly: 5_000, held: 5_000, spent: 0, left: 0 });

    await sendEvent(t, followUpEvent(a, 'clearing', held.authorizationId, 3_000));
    budget = (await t.api(groupBudgetGet, { id }, { token: me.token })).body.data as GroupBudgetView;
    expect(budget).toMatchObject({ held: 2_000, spent: 3_000, left: 0 });

    // Removing the budget keeps counting; the spending still shows.
    await t.api(groupBudgetSet, { id, monthly: null }, { token: me.token });
    expect((await pay(b, 9_000)).result).toBe('approved');
    budget = (await t.api(groupBudgetGet, { id }, { token: me.token })).body.data as GroupBudgetView;
    expect(budget).toMatchObject({ monthly: null, held: 11_000, spent: 3_000, left: null });

    const [logged] = await t.ctx.database.db
      .select({ detail: operationLogs.detail })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.accountId, me.accountId), eq(operationLogs.action, 'spending.setGroupBudget')),
      )
      .orderBy(operationLogs.createdAt)
      .limit(1);
    expect(logged?.detail).toMatchObject({ before: { monthly: null }, after: { monthly: 5_000 } });
  });
});

describe('setting rules', () => {
  it('logs before and after; bad input is a translated 400 and changes nothing', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 1_000 });
    await setRules(card, { daily: 1_000 });
    await setRules(card, { daily: 2_000, countries: { mode: 'allow', countries: ['us'] } });
    const logs = await t.ctx.database.db
      .select({ detail: operationLogs.detail })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.accountId, me.accountId), eq(operationLogs.action, 'spending.setCardRules')),
      )
      .orderBy(operationLogs.createdAt);
    expect(logs.at(-1)?.detail).toMatchObject({
      cardId: card.id,
      before: { daily: 1_000, countries: null },
      after: { daily: 2_000, countries: { mode: 'allow', countries: ['US'] } },
    });

    const bad = await t.api(
      cardSpendRulesSet,
      { cardId: card.id, rules: { daily: 5_000, monthly: 4_000 } },
      { token: me.token, lang: 'en' },
    );
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('limit');
    expect((await viewOf(card)).rules.daily).toBe(2_000);

    const other = await signedInAccount(t);
    const foreign = await t.api(cardSpendRulesSet, { cardId: card.id, rules: {} }, { token: other.token });
    expect(foreign.body.code).toBe(404);
    expect((await viewOf(card)).rules.daily).toBe(2_000);
  });
});
