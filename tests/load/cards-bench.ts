/**
 * Figures of the cards issue (issue 5 §5): opening 500 cards in one batch, `card/page` latency with
 * 10,000 cards on one account, and the card list in the browser with 10,000 cards (time from the
 * first page's answer to the first rows on screen; card rows in the DOM while scrolling to the end).
 * Issue 14: the 10,000 cards are held by 50 team members, and `card/pageForSub` (the owner's team
 * list: all members' cards, or one member's 200, each naming its member) is measured the same way.
 * PGlite always; PostgreSQL as well when DATABASE_URL or TEST_DATABASE_URL names a server.
 *
 * The 10,000 cards are stored before the server starts through the real `storeIssuedCards` and
 * loaded through the real ledger; the measurements then go through the real server over HTTP.
 * `npx tsx tests/load/cards-only.ts` runs this part alone.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { inTransaction } from '../../src/server/db/client';
import { accounts, cardSegments, plans, subAccounts, subRoles } from '../../src/server/db/schema';
import { newId } from '../../src/server/lib/crypto';
import { newCardId, storeIssuedCards } from '../../src/server/modules/cards/open/store-card';
import { moveMoney, postMovement } from '../../src/server/modules/ledger';
import type { Report, Target } from './bench-kit';
import type { QueryKinds } from './bench-kit';
import { measureKinds, onEachDatabase, onSeededServer, prng, reportKinds } from './bench-kit';
import { measureCardListRender } from './card-list-render';
import type { ReadFigures } from './floor';
import { measureRead, reportAgainstFloor, variedRead } from './floor';
import { callApi } from './http-client';

const CARDS = 10_000;
const CHUNK = 500;
const PAGE_REQUESTS = 300;
const BATCH = 500;
const BENCH_DB = 'card_portal_bench_cards';
const SEGMENTS = ['visa-485932', 'mc-531993', 'visa-428837', 'mc-556766'];
const LABELS = ['ads', 'shop', 'travel', 'team-a', 'team-b'];
/** The team members holding the cards, round robin: 200 cards each. */
const MEMBERS = 50;
const memberId = (i: number) => `bench-member-${i}`;
const HOLDER = {
  holderFirstName: 'Bench',
  holderLastName: 'Holder',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};

/** The members of the account, with one role, made directly in the database. */
async function seedMembers(ctx: AppContext, accountId: string): Promise<void> {
  const roleId = `bench-role-${newId()}`;
  await ctx.database.db.insert(subRoles).values({ id: roleId, accountId, name: 'Bench', permissions: [] });
  await ctx.database.db.insert(subAccounts).values(
    Array.from({ length: MEMBERS }, (_, i) => ({
      id: memberId(i),
      accountId,
      subUid: `S9${String(i).padStart(8, '0')}`,
      email: `bench-member-${i}@example.com`,
      nickname: `Member ${i}`,
      status: 'online' as const,
      roleId,
      validUntil: new Date(ctx.now().getTime() + 365 * 86_400_000),
    })),
  );
}

/**
 * Stores `count` cards of the account (a multiple of 500), spread over its MEMBERS members, through
 * the real storeIssuedCards and funds them through the real ledger; answers the seconds it took.
 * The card-groups bench uses it too.
 */
export async function seedCards(ctx: AppContext, accountId: string, count = CARDS): Promise<number> {
  const t0 = performance.now();
  await seedMembers(ctx, accountId);
  const rand = prng(51_122);
  const segments = await ctx.database.db.select().from(cardSegments);
  for (let done = 0; done < count; done += CHUNK) {
    const batch = await Promise.all(
      Array.from({ length: CHUNK }, async (_, i) => {
        const segment = segments.find((s) => s.id === SEGMENTS[(done + i) % SEGMENTS.length])!;
        const id = newCardId();
        const issued = await ctx.issuer.issueCard({
          requestId: id,
          bin: segment.bin,
          network: segment.network,
          currency: segment.currency,
          holderName: 'Bench Holder',
        });
        return {
          id,
          issued,
          segmentId: segment.id,
          currency: segment.currency,
          holder: HOLDER,
          label: LABELS[(done + i) % LABELS.length]!,
        };
      }),
    );
    await inTransaction(ctx.database.db, async (tx) => {
      // Chunks of 500 are 10 per member: each chunk is stored per member, 50 stores of 10.
      for (let m = 0; m < MEMBERS; m++) {
        const theirs = batch.filter((_, i) => (done + i) % MEMBERS === m);
        if (theirs.length === 0) continue;
        await storeIssuedCards(tx, ctx, {
          owner: { accountId, subAccountId: memberId(m) },
          cards: theirs,
          batchId: null,
          ip: 'bench',
          now: ctx.now(),
        });
      }
      const amounts = batch.map(() => 100 + Math.floor(rand() * 200_000));
      await postMovement(tx, ctx, {
        key: `bench-cards:${done}`,
        kind: 'card_recharge',
        accountId,
        legs: [
          {
            account: { house: { kind: 'card_funding', name: 'bench', currency: 'USD' } },
            amount: -amounts.reduce((a, b) => a + b, 0),
            type: 'bench',
          },
          ...batch.map((card, i) => ({
            account: { card: { cardId: card.id, currency: 'USD' } },
            amount: amounts[i]!,
            type: 'card_recharge',
          })),
        ],
        actor: { ip: 'bench', device: 'bench' },
      });
    });
  }
  return (performance.now() - t0) / 1000;
}

/** Money for the batch, a monthly allowance above the seeded cards, then the 10,000 cards. */
async function seedDemoCards(ctx: AppContext, demoId: string): Promise<string> {
  // Enough for the batch of 500 whatever the demo seed holds; the demo plan allows it.
  await moveMoney(ctx, {
    key: `bench-fund:${newId()}`,
    kind: 'topup',
    accountId: demoId,
    legs: [
      {
        account: { house: { kind: 'clearing', name: 'bench', currency: 'USD' } },
        amount: -100_000_000,
        type: 'bench',
      },
      {
        account: { wallet: { accountId: demoId, currency: 'USD' } },
        amount: 100_000_000,
        type: 'topup',
        description: 'bench',
      },
    ],
    actor: { ip: 'bench', device: 'bench' },
  });
  // The seeded 10,000 cards count as opened this month: lift the plan's monthly limit in this
  // throw-away database so the batch of 500 is measured, not refused.
  await ctx.database.db.update(plans).set({ monthlyCardLimit: 100_000 }).where(eq(plans.code, 'partner'));
  await ctx.database.db.update(accounts).set({ planCode: 'partner' }).where(eq(accounts.id, demoId));
  const seconds = await seedCards(ctx, demoId);
  return `${CARDS} cards in ${seconds.toFixed(1)} s`;
}

const QUERY_KINDS: QueryKinds = {
  'first page': () => ({ pageNo: '1', pageSize: '20' }),
  'any page of 100': (rand) => ({ pageNo: String(1 + Math.floor(rand() * 100)), pageSize: '100' }),
  status: () => ({ status: 'active', pageSize: '20' }),
  segment: (rand) => ({ segmentId: SEGMENTS[Math.floor(rand() * SEGMENTS.length)]!, pageSize: '20' }),
  label: (rand) => ({ label: LABELS[Math.floor(rand() * LABELS.length)]!, pageSize: '20' }),
  'balance range': (rand) => {
    const min = Math.floor(rand() * 150_000);
    return { minBalance: String(min), maxBalance: String(min + 10_000), pageSize: '20' };
  },
  'last four digits': (rand) => ({ last4: String(Math.floor(rand() * 10_000)).padStart(4, '0') }),
};

/** The owner's team list (card/pageForSub): all members' cards, or one member's 200. */
const TEAM_QUERY_KINDS: QueryKinds = {
  'all members, first page': () => ({ pageNo: '1', pageSize: '20' }),
  'all members, any page of 100': (rand) => ({
    pageNo: String(1 + Math.floor(rand() * 100)),
    pageSize: '100',
  }),
  'one member': (rand) => ({ subAccountId: memberId(Math.floor(rand() * MEMBERS)), pageSize: '20' }),
  'one member, status': (rand) => ({
    subAccountId: memberId(Math.floor(rand() * MEMBERS)),
    status: 'active',
    pageSize: '20',
  }),
  'one member, label': (rand) => ({
    subAccountId: memberId(Math.floor(rand() * MEMBERS)),
    label: LABELS[Math.floor(rand() * LABELS.length)]!,
    pageSize: '20',
  }),
};

function measurePages(url: string, token: string, path = '/api/card/page', kinds = QUERY_KINDS) {
  return measureKinds(
    kinds,
    async (query) => {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}?${new URLSearchParams(query).toString()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { code: number };
      return { ms: performance.now() - t0, ok: body.code === 200 };
    },
    PAGE_REQUESTS,
  );
}

async function post(url: string, path: string, token: string, body: Record<string, string>, key?: string) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: new URLSearchParams(body),
  });
  return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

async function measureBatchOpen(url: string, token: string): Promise<{ seconds: number; opened: number }> {
  const order = { segmentId: 'visa-428837', amount: '500', count: String(BATCH) };
  const cost = await post(url, '/api/card/BatchOpenCardCost', token, order);
  if (cost.code !== 200) throw new Error(`BatchOpenCardCost: ${cost.msg}`);
  const usd = (cost.data.totals as { debitCurrency: string; total: number }[]).find(
    (t) => t.debitCurrency === 'USD',
  )!;
  const t0 = performance.now();
  const opened = await post(
    url,
    '/api/card/batchOpenCard',
    token,
    { ...order, ...HOLDER, debitCurrency: 'USD', expectTotal: String(usd.total) },
    `bench-batch-${newId()}`,
  );
  const seconds = (performance.now() - t0) / 1000;
  if (opened.code !== 200) throw new Error(`batchOpenCard: ${opened.msg}`);
  return { seconds, opened: Number(opened.data.total) };
}

/** card/page against its floor: varied queries at a rate one core keeps up with on a slow day. */
const FLOOR_LOAD = { rps: 40, seconds: 10, inFlight: 8 };
const cardRead = (token: string, path = '/api/card/page', kinds = QUERY_KINDS) =>
  variedRead(kinds, async (url, query) => {
    const answer = await callApi(`${url}${path}?${new URLSearchParams(query).toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.code === 200;
  });
const teamRead = (token: string) => cardRead(token, '/api/card/pageForSub', TEAM_QUERY_KINDS);

function benchOn(target: Target, report: Report): Promise<void> {
  const label = target.name;
  let portal: ReadFigures | null = null;
  let portalTeam: ReadFigures | null = null;
  return onSeededServer(
    target,
    { dbName: BENCH_DB, folder: 'bench-cards', seed: seedDemoCards },
    async (server, token) => {
      // Before the batch below adds 500 cards: the floor is measured on the same 10,000.
      portal = await measureRead(server.url, cardRead(token), FLOOR_LOAD);
      portalTeam = await measureRead(server.url, teamRead(token), FLOOR_LOAD);
      const pages = await measurePages(server.url, token);
      reportKinds(
        report,
        `card/page with 10,000 cards, ${PAGE_REQUESTS} varied requests on ${label}`,
        pages,
        'p99 ≤ 50 ms',
      );
      const team = await measurePages(server.url, token, '/api/card/pageForSub', TEAM_QUERY_KINDS);
      reportKinds(
        report,
        `card/pageForSub with 10,000 cards over ${MEMBERS} members, ${PAGE_REQUESTS} varied requests on ${label}`,
        team,
        'p99 ≤ 50 ms',
      );
      if (!target.serverUrl) {
        for (const [name, viewport] of [
          ['phone', { width: 390, height: 844 }],
          ['desktop', { width: 1280, height: 800 }],
        ] as const) {
          const render = await measureCardListRender(server.url, token, viewport);
          report(
            `card list with 10,000 cards in Chromium (${name})`,
            `first rows ${render.firstRowsMs.toFixed(0)} ms after data; at most ${render.maxRowsInDom} card rows in the DOM while ${render.cardsLoaded} cards were scrolled through in ${render.scrollSeconds.toFixed(1)} s`,
            'first rows ≤ 300 ms after data; ≤ 60 rows in the DOM',
          );
        }
      }
      const batch = await measureBatchOpen(server.url, token);
      report(
        `opening ${batch.opened} cards in one batch on ${label}`,
        `${batch.seconds.toFixed(2)} s`,
        '≤ 5 s on PostgreSQL',
      );
    },
    async (floor, token) => {
      const figures = await measureRead(floor.url, cardRead(token), FLOOR_LOAD);
      if (portal) reportAgainstFloor(report, `card/page on ${label}`, FLOOR_LOAD.rps, portal, figures);
      const teamFigures = await measureRead(floor.url, teamRead(token), FLOOR_LOAD);
      if (portalTeam)
        reportAgainstFloor(report, `card/pageForSub on ${label}`, FLOOR_LOAD.rps, portalTeam, teamFigures);
    },
  );
}

export async function runCardsBench(report: Report): Promise<void> {
  process.stdout.write('Cards: seeding 10,000 cards…\n');
  await onEachDatabase((target) => benchOn(target, report));
}
