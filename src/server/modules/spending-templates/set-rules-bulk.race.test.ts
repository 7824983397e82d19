/**
 * A bulk change of spending rules racing authorizations (PostgreSQL only; PGlite runs one
 * statement at a time): 50 authorizations over a group's 10 cards while the rules of all 10 change,
 * by selection or by group. The bulk set locks the cards, so each authorization decides wholly on
 * the old rules or wholly on the new ones, never on a mix; no limit is passed; the card and group
 * counters equal what the cards hold.
 *
 * The two rule sets are built so a mix shows in the answer:
 * - old: advertising only, 20.00 per payment, 30.00 a day;
 * - new: software only, 10.00 per payment, 38.00 a day.
 * An advertising payment of 15.00 is approved or declined for the day under the old rules and
 * declined for its category under the new; a software payment of 8.00 is declined for its category
 * under the old rules and approved or declined for the day under the new. A per-payment decline
 * (the old category with the new per-payment limit) can only come from a mix, as can an
 * advertising approval above 30.00 a day on a card or a software one past 38.00.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardGroupAdd, editBatchGroup } from '@contract/card-groups';
import type { CardGroupView } from '@contract/card-groups';
import type { CardSpendView, CardSpendRulesInput, GroupBudgetView } from '@contract/spending';
import { cardSpendRulesGet, groupBudgetGet, groupBudgetSet } from '@contract/spending';
import { setRulesBulk } from '@contract/spending-templates';
import { cardAuthorizations } from '../../db/schema';
import { cardBalance, openTestCard } from '../../testing/cards';
import { fileTestApp } from '../../testing/file-app';
import { authorizeOnce } from '../../testing/issuer';
import { signedInAccount } from '../../testing/signed-in';
import { auditLedger, isHealthy } from '../ledger';
import { readStoredRules } from '../spending/stored-rules';

const OLD: CardSpendRulesInput = {
  perAuthorization: 2_000,
  daily: 3_000,
  categories: { mode: 'allow', groups: ['advertising'] },
};
const NEW: CardSpendRulesInput = {
  perAuthorization: 1_000,
  daily: 3_800,
  categories: { mode: 'allow', groups: ['software'] },
};
const ADS = { amount: 1_500, category: '7311', merchant: 'Meta Ads' };
const SOFTWARE = { amount: 800, category: '7372', merchant: 'Atlassian' };
const BALANCE = 100_000;
const BUDGET = 25_000;

type Kind = 'ads' | 'software';

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('bulk rules change racing authorizations', () => {
  const t = fileTestApp();

  for (const by of ['selection', 'group'] as const) {
    it(`50 authorizations during a change by ${by}: each on the old or the new rules, no limit passed, counters exact`, async () => {
      const me = await signedInAccount(t);
      const cards = await Promise.all(
        Array.from({ length: 10 }, () => openTestCard(t, me.accountId, { balance: BALANCE })),
      );
      const ids = cards.map((card) => card.id);
      const group = (await t.api(cardGroupAdd, { name: `Race ${by}` }, { token: me.token })).body
        .data as CardGroupView;
      await t.api(editBatchGroup, { cardIds: ids.join(','), gid: group.id }, { token: me.token });
      await t.api(groupBudgetSet, { id: group.id, monthly: BUDGET }, { token: me.token });
      const target = by === 'group' ? { groupId: group.id } : { cardIds: ids };
      const setOld = await t.api(setRulesBulk, { ...target, rules: OLD } as never, { token: me.token });
      expect(setOld.body.code).toBe(200);

      // Five per card (fewer than the velocity rule's ten a minute): advertising, software,
      // advertising, software, advertising; the change is sent in the middle of them.
      const kindOf = (i: number): Kind => (Math.floor(i / 10) % 2 === 0 ? 'ads' : 'software');
      const authorize = (i: number) =>
        authorizeOnce(t, cards[i % 10]!, kindOf(i) === 'ads' ? ADS : SOFTWARE).then((a) => ({
          i,
          card: cards[i % 10]!.id,
          kind: kindOf(i),
          authorizationId: a.authorizationId,
          outcome: a.answer.body.data?.approved ? 'approved' : (a.answer.body.data?.declineReason ?? 'none'),
        }));
      const first = Array.from({ length: 25 }, (_, i) => authorize(i));
      const change = t.api(setRulesBulk, { ...target, rules: NEW } as never, { token: me.token });
      const second = Array.from({ length: 25 }, (_, i) => authorize(25 + i));
      const [results, changed] = await Promise.all([Promise.all([...first, ...second]), change]);
      expect(changed.body.code).toBe(200);
      for (const id of ids) expect((await readStoredRules(t.ctx.database.db, id)).rules).toMatchObject(NEW);

      // Wholly old or wholly new: each answer is one the old rules or the new ones give.
      const allowed: Record<Kind, string[]> = {
        ads: ['approved', 'rule_daily', 'group_budget', 'rule_category'],
        software: ['rule_category', 'approved', 'rule_daily', 'group_budget'],
      };
      for (const r of results) expect(allowed[r.kind], `authorization ${r.i}`).toContain(r.outcome);

      // No limit passed, per card: advertising was approved only on the old rules (30.00 a day),
      // software only on the new (38.00 a day, counting what the old rules approved before).
      const held = new Map<string, { ads: number; software: number }>();
      for (const r of results.filter((x) => x.outcome === 'approved')) {
        const sum = held.get(r.card) ?? { ads: 0, software: 0 };
        sum[r.kind] += r.kind === 'ads' ? ADS.amount : SOFTWARE.amount;
        held.set(r.card, sum);
      }
      let total = 0;
      for (const card of cards) {
        const sum = held.get(card.id) ?? { ads: 0, software: 0 };
        expect(sum.ads).toBeLessThanOrEqual(3_000);
        expect(sum.ads + sum.software).toBeLessThanOrEqual(3_800);
        total += sum.ads + sum.software;
        // The counters are exact: the card's day holds what it approved, and so does its balance.
        const view = (await t.api(cardSpendRulesGet, { cardId: card.id }, { token: me.token })).body
          .data as CardSpendView;
        expect(view.usage.daily).toMatchObject({ held: sum.ads + sum.software, spent: 0 });
        expect(view.usage.lifetime.held).toBe(sum.ads + sum.software);
        expect(await cardBalance(t, card.id)).toBe(BALANCE - sum.ads - sum.software);
      }
      expect(total).toBeLessThanOrEqual(BUDGET);
      const budget = (await t.api(groupBudgetGet, { id: group.id }, { token: me.token })).body
        .data as GroupBudgetView;
      expect(budget).toMatchObject({ held: total, spent: 0, left: BUDGET - total });
      // What the database holds for the cards is what the answers approved, one row each.
      const [pending] = await t.ctx.database.db
        .select({
          n: sql<number>`count(*)::int`,
          sum: sql<number>`coalesce(sum(${cardAuthorizations.amount}), 0)::int`,
        })
        .from(cardAuthorizations)
        .where(and(inArray(cardAuthorizations.cardId, ids), eq(cardAuthorizations.status, 'pending')));
      expect(pending).toEqual({
        n: results.filter((r) => r.outcome === 'approved').length,
        sum: total,
      });
      expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
    }, 180_000); // 50 decisions and a 10-card change under the cards' locks, on a shared machine
  }
});
