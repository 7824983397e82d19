/**
 * Spending limits under real concurrency (PostgreSQL only; PGlite runs one statement at a time):
 * 50 simultaneous authorizations on one card or on one group's cards never pass a limit.
 * On one card the velocity rule (10 a minute, spend-rules.ts) declines some as suspected fraud;
 * whatever the mix, what was approved stays within the limit and fills it exactly.
 */
import { describe, expect, it } from 'vitest';
import { cardGroupAdd, editCardGroup } from '@contract/card-groups';
import type { CardGroupView } from '@contract/card-groups';
import type { CardSpendRulesInput, GroupBudgetView } from '@contract/spending';
import { cardSpendRulesSet, groupBudgetGet, groupBudgetSet } from '@contract/spending';
import { cardBalance, openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { authorizeOnce } from '../../testing/issuer';
import { signedInAccount } from '../../testing/signed-in';
import type { CardRow } from '../cards/card-access';
import { auditLedger, isHealthy } from '../ledger';

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('spending limits under concurrency', () => {
  const t = fileTestApp();

  async function burst(cards: CardRow[], n: number, amount: number) {
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) => authorizeOnce(t, cards[i % cards.length]!, { amount })),
    );
    return answers.map((a) =>
      a.answer.body.data?.approved ? 'approved' : a.answer.body.data?.declineReason,
    );
  }

  for (const [name, rules, reason] of [
    ['day limit', { daily: 5_000 }, 'rule_daily'],
    ['lifetime limit', { lifetime: 5_000 }, 'rule_lifetime'],
  ] as [string, CardSpendRulesInput, string][]) {
    it(`50 at once on one card never pass its ${name}`, async () => {
      const me = await signedInAccount(t);
      const card = await openTestCard(t, me.accountId, { balance: 100_000 });
      const set = await t.api(cardSpendRulesSet, { cardId: card.id, rules }, { token: me.token });
      expect(set.body.code).toBe(200);
      const results = await burst([card], 50, 1_000);
      expect(results.filter((r) => r === 'approved')).toHaveLength(5);
      expect(results.every((r) => r === 'approved' || r === reason || r === 'suspected_fraud')).toBe(true);
      expect(results).toContain(reason);
      expect(await cardBalance(t, card.id)).toBe(95_000);
      expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
    }, 180_000); // 50 decisions one after the other under the card's lock, on a shared machine
  }

  it('50 at once over a group’s 10 cards never pass the group budget, and fill it exactly', async () => {
    const me = await signedInAccount(t);
    const cards = await Promise.all(
      Array.from({ length: 10 }, () => openTestCard(t, me.accountId, { balance: 100_000 })),
    );
    const id = (
      (await t.api(cardGroupAdd, { name: 'Burst' }, { token: me.token })).body.data as CardGroupView
    ).id;
    for (const card of cards) await t.api(editCardGroup, { cardId: card.id, gid: id }, { token: me.token });
    await t.api(groupBudgetSet, { id, monthly: 7_000 }, { token: me.token });
    const results = await burst(cards, 50, 1_000);
    expect(results.filter((r) => r === 'approved')).toHaveLength(7);
    expect(results.filter((r) => r === 'group_budget')).toHaveLength(43);
    const budget = (await t.api(groupBudgetGet, { id }, { token: me.token })).body.data as GroupBudgetView;
    expect(budget).toMatchObject({ held: 7_000, spent: 0, left: 0 });
    const total = (await Promise.all(cards.map((c) => cardBalance(t, c.id)))).reduce((s, b) => s + b, 0);
    expect(total).toBe(1_000_000 - 7_000);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  }, 180_000);
});
