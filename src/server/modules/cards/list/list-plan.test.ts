/**
 * card/page with 10,000 cards (PostgreSQL only; issue 5 §5 targets p99 ≤ 50 ms): the page's ids
 * must come from walking `cards_account_created_idx` backwards — no sequential scan of the cards,
 * no sort of the account's cards — and paging through all of them gives each card once. Latency is
 * measured by `npm run bench`, not here.
 */
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardPage } from '@contract/cards';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import type { CardFilter } from './list-filter';
import { cardWhere } from './list-filter';
import { pageKeys, pageScope, subPageScope } from './list-cards';

const CARDS = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('card/page with 10,000 cards', () => {
  const t = fileTestApp();
  const me = fileSignedInAccount(t);

  /** Cards made in bulk: sealed secrets are not needed to list them. */
  async function bulkCards(accountId: string, prefix: string, count: number, subEvery = 0) {
    await t.ctx.database.db.execute(sql`
      insert into ledger_accounts (id, kind, account_id, code, currency, balance)
      select 'card:' || ${prefix} || g, 'card', null, 'card:' || ${prefix} || g, 'USD', 0
      from generate_series(1, ${count}) g`);
    await t.ctx.database.db.execute(sql`
      insert into cards (id, serial, account_id, sub_account_id, segment_id, currency, issuer_ref, last4,
                         secrets, ledger_account_id, status, label, holder_first_name, holder_last_name,
                         street, city, state, postcode, country, created_at, updated_at)
      select ${prefix} || g, 'C' || ${prefix} || lpad(g::text, 8, '0'), ${accountId},
             case when ${subEvery} > 0 and g % ${subEvery} = 0 then 'sub-1' end,
             case when g % 3 = 0 then 'mc-531993' else 'visa-428837' end, 'USD', 'ref-' || ${prefix} || g,
             lpad((g * 7919 % 10000)::text, 4, '0'), 'not-sealed', 'card:' || ${prefix} || g,
             case when g % 10 = 0 then 'frozen' when g % 17 = 0 then 'deleted' else 'active' end,
             case when g % 5 = 0 then 'ads' end,
             'Ada', 'Lovelace', '1 Market St', 'San Francisco', 'CA', '94105', 'US',
             now() - make_interval(secs => g * 60), now()
      from generate_series(1, ${count}) g`);
  }

  beforeAll(async () => {
    const other = await signedInAccount(t);
    await bulkCards(me.accountId, 'm', CARDS, 50);
    await bulkCards(other.accountId, 'o', 2_000);
    // Autovacuum would have done this by now in a real database: statistics and the visibility map.
    await t.ctx.database.db.execute(sql`vacuum analyze cards`);
    await t.ctx.database.db.execute(sql`analyze ledger_accounts`);
  });

  async function planOf(
    filter: CardFilter,
    pageNo: number,
    scope = pageScope({ sessionId: me.sessionId, accountId: me.accountId, subAccountId: null }),
  ) {
    const keys = pageKeys(t.ctx.database.db, cardWhere(scope.where, filter), (pageNo - 1) * 20, 20);
    const { sql: text, params } = keys.toSQL();
    const pool = (t.ctx.database.db as unknown as { $client: Pool }).$client;
    const result = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `explain (format json) ${text}`,
      params,
    );
    return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan);
  }

  it.each([
    ['no filter, first page', {}, 1],
    ['no filter, last page', {}, CARDS / 20],
    ['by status', { status: 'frozen' as const }, 3],
    ['by label and date', { label: 'ads', startDate: '2020-01-01' }, 2],
  ])(
    '%s: the ids come from the index walked backwards, no sort, no scan of all cards',
    async (_name, filter, pageNo) => {
      const nodes = await planOf(filter, pageNo);
      const onCards = nodes.filter((node) => node['Relation Name'] === 'cards');
      expect(onCards.map((node) => node['Index Name'])).toEqual(['cards_account_created_idx']);
      expect(nodes.some((node) => node['Node Type'] === 'Sort')).toBe(false);
      expect(
        nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'cards'),
      ).toBe(false);
    },
  );

  it('a narrow balance range reads the cards’ balance index, never the ledger accounts', async () => {
    // Every bulk card holds 0: a range above it is narrow, the case where walking by date is slow.
    const nodes = await planOf({ minBalance: 1, maxBalance: 10 }, 1);
    expect(nodes.some((node) => node['Relation Name'] === 'ledger_accounts')).toBe(false);
    expect(
      nodes.filter((node) => node['Relation Name'] === 'cards').map((node) => node['Index Name']),
    ).toContain('cards_account_balance_idx');
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'cards')).toBe(
      false,
    );
  });

  it('pageForSub of the main account walks the same index', async () => {
    const nodes = await planOf(
      {},
      1,
      subPageScope({ sessionId: 's', accountId: me.accountId, subAccountId: null }, undefined),
    );
    expect(
      nodes.filter((node) => node['Relation Name'] === 'cards').map((node) => node['Index Name']),
    ).toEqual(['cards_account_created_idx']);
  });

  it('pages through the whole list newest first, every card exactly once', async () => {
    // Speed is the benchmark's job (npm run bench); the plan tests above guard the index use.
    const session = await openSession(t, me.accountId);
    const seen: string[] = [];
    let previous = '9999';
    for (let pageNo = 1; pageNo <= CARDS / 100; pageNo++) {
      const answer = await t.api(cardPage, { pageNo, pageSize: 100 }, { token: session.token });
      expect(answer.body.code).toBe(200);
      const page = answer.body.data as { total: number; data: { id: string; createdAt: string }[] };
      expect(page.total).toBe(CARDS);
      for (const card of page.data) {
        expect(card.createdAt <= previous).toBe(true);
        previous = card.createdAt;
        seen.push(card.id);
      }
    }
    expect(new Set(seen).size).toBe(CARDS);
  });
});
