/**
 * Figures of the cards issue (issue 5 §5): opening 500 cards in one batch, `card/page` latency with
 * 10,000 cards on one account, and the card list in the browser with 10,000 cards (time from the
 * first page's answer to the first rows on screen; card rows in the DOM while scrolling to the end).
 * PGlite always; PostgreSQL as well when DATABASE_URL or TEST_DATABASE_URL names a server.
 *
 * The 10,000 cards are stored before the server starts through the real `storeIssuedCards` and
 * loaded through the real ledger; the measurements then go through the real server over HTTP.
 * `npx tsx tests/load/cards-only.ts` runs this part alone.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { inTransaction } from '../../src/server/db/client';
import { accounts, cardSegments, plans } from '../../src/server/db/schema';
import { newId } from '../../src/server/lib/crypto';
import { newCardId, storeIssuedCards } from '../../src/server/modules/cards/store-card';
import { moveMoney, postMovement } from '../../src/server/modules/ledger';
import type { Report, Target } from './bench-kit';
import type { KindLatencies, QueryKinds } from './bench-kit';
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
const HOLDER = {
  holderFirstName: 'Bench',
  holderLastName: 'Holder',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};

/**
 * Stores `count` cards of the account (a multiple of 500) through the real storeIssuedCards and
 * funds them through the real ledger; answers the seconds it took. The card-groups bench uses it too.
 */
export async function seedCards(ctx: AppContext, accountId: string, count = CARDS): Promise<number> {
  const t0 = performance.now();
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
      await storeIssuedCards(tx, ctx, {
        owner: { accountId, subAccountId: null },
        cards: batch,
        batchId: null,
        ip: 'bench',
        now: ctx.now(),
      });
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

function measurePages(url: string, token: string): Promise<KindLatencies> {
  return measureKinds(
    QUERY_KINDS,
    async (query) => {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/card/page?${new URLSearchParams(query).toString()}`, {
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
const cardRead = (token: string) =>
  variedRead(QUERY_KINDS, async (url, query) => {
    const answer = await callApi(`${url}/api/card/page?${new URLSearchParams(query).toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.code === 200;
  });

function benchOn(target: Target, report: Report): Promise<void> {
  const label = target.name;
  let portal: ReadFigures | null = null;
  return onSeededServer(
    target,
    { dbName: BENCH_DB, folder: 'bench-cards', seed: seedDemoCards },
    async (server, token) => {
      // Before the batch below adds 500 cards: the floor is measured on the same 10,000.
      portal = await measureRead(server.url, cardRead(token), FLOOR_LOAD);
      const pages = await measurePages(server.url, token);
      reportKinds(
        report,
        `card/page with 10,000 cards, ${PAGE_REQUESTS} varied requests on ${label}`,
        pages,
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
    },
  );
}

export async function runCardsBench(report: Report): Promise<void> {
  process.stdout.write('Cards: seeding 10,000 cards…\n');
  await onEachDatabase((target) => benchOn(target, report));
}
