/**
 * Figures of the card-groups issue (issue 15 §3): `cardGroup/page` with 500 groups over 10,000
 * cards, and `card/page` filtered by group, by tag, by "no group" and by group and tag, each within
 * the `card/page` target and as a ratio to its floor (floor.ts: the same operation behind a bare
 * `node:http` server, on the same database). PGlite always; PostgreSQL as well when DATABASE_URL or
 * TEST_DATABASE_URL names a server.
 *
 * The cards are stored as the cards bench stores them; groups and tags are made and filled through
 * the real operations (addGroup, pinGroup, moveCards, addTag, editCardTags): 90 % of the cards in
 * a group, the rest in none, each tag on a fifth of them. `BENCH_SIZE=small` (1,000 cards, 50
 * groups) checks that the piece runs; only the full size gives the figures of docs/benchmarks.md.
 * `npx tsx tests/load/groups-only.ts` runs this part alone.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { cards } from '../../src/server/db/schema';
import { addGroup, pinGroup } from '../../src/server/modules/card-groups/save-group';
import { moveCards } from '../../src/server/modules/card-groups/move-cards';
import type { CardOwner } from '../../src/server/modules/cards/card-access';
import { addTag } from '../../src/server/modules/tags/save-tag';
import { editCardTags } from '../../src/server/modules/tags/tag-cards';
import type { QueryKinds, Report, Target } from './bench-kit';
import { measureKinds, onEachDatabase, onSeededServer, reportKinds } from './bench-kit';
import { seedCards } from './cards-bench';
import type { ReadFigures, ReadRequest } from './floor';
import { measureRead, reportAgainstFloor, variedRead } from './floor';
import { callApi } from './http-client';

const SMALL = process.env.BENCH_SIZE === 'small';
const CARDS = SMALL ? 1_000 : 10_000;
const GROUPS = SMALL ? 50 : 500;
const TAGS = 10;
const PINNED = 5;
const PAGE_REQUESTS = 300;
const BENCH_DB = 'card_portal_bench_groups';
/** The same load as card/page against its floor (cards-bench.ts). */
const FLOOR_LOAD = { rps: 40, seconds: 10, inFlight: 8 };

/** What the seed made: the queries pick their group and tag ids from here. */
const made = { groups: [] as string[], tags: [] as string[] };

export async function seedGroups(ctx: AppContext, demoId: string): Promise<string> {
  const seconds = await seedCards(ctx, demoId, CARDS);
  const t0 = performance.now();
  const owner: CardOwner = { accountId: demoId, subAccountId: null };
  const ids = (
    await ctx.database.db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.accountId, demoId))
      .orderBy(asc(cards.id))
  ).map((row) => row.id);
  made.groups = [];
  made.tags = [];
  const grouped = Math.floor(ids.length * 0.9);
  const perGroup = Math.ceil(grouped / GROUPS);
  for (let g = 0; g < GROUPS; g++) {
    const group = await addGroup(ctx, owner, `Bench group ${String(g).padStart(3, '0')}`);
    made.groups.push(group.id);
    if (g < PINNED) await pinGroup(ctx, owner, { id: group.id, up: '1' });
    const slice = ids.slice(g * perGroup, Math.min((g + 1) * perGroup, grouped));
    if (slice.length) await moveCards(ctx, owner, { cardIds: slice, gid: group.id });
  }
  for (let t = 0; t < TAGS; t++) {
    const tag = await addTag(ctx, owner, `bench-tag-${t}`);
    made.tags.push(tag.id);
    // Every fifth card from a different start: each card carries two tags.
    const tagged = ids.filter((_, i) => i % 5 === t % 5);
    for (let from = 0; from < tagged.length; from += 500)
      await editCardTags(ctx, owner, { cardIds: tagged.slice(from, from + 500), add: [tag.id] });
  }
  const groupSeconds = (performance.now() - t0) / 1000;
  return `${ids.length} cards in ${seconds.toFixed(1)} s, ${GROUPS} groups and ${TAGS} tags filled in ${groupSeconds.toFixed(1)} s`;
}

const pick = (list: readonly string[], rand: () => number) => list[Math.floor(rand() * list.length)]!;

const GROUP_PAGE_KINDS: QueryKinds = {
  'first page of 20': () => ({ pageNo: '1', pageSize: '20' }),
  'any page of 20': (rand) => ({ pageNo: String(1 + Math.floor(rand() * (GROUPS / 20))), pageSize: '20' }),
  'first page of 100 (the pickers)': () => ({ pageNo: '1', pageSize: '100' }),
  'name search': (rand) => ({
    name: `group ${String(Math.floor(rand() * 50)).padStart(2, '0')}`,
    pageSize: '20',
  }),
};

const FILTERED_CARD_KINDS: QueryKinds = {
  group: (rand) => ({ groupId: pick(made.groups, rand), pageSize: '20' }),
  tag: (rand) => ({ tagId: pick(made.tags, rand), pageSize: '20' }),
  'no group': () => ({ groupId: 'none', pageSize: '20' }),
  'group and tag': (rand) => ({
    groupId: pick(made.groups, rand),
    tagId: pick(made.tags, rand),
    pageSize: '20',
  }),
  'tag, any page of 100': (rand) => ({
    tagId: pick(made.tags, rand),
    pageNo: String(1 + Math.floor(rand() * (CARDS / 500))),
    pageSize: '100',
  }),
};

const read = (path: string, kinds: QueryKinds, token: string): ReadRequest =>
  variedRead(kinds, async (url, query) => {
    const answer = await callApi(`${url}${path}?${new URLSearchParams(query).toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.code === 200;
  });

function latencies(url: string, path: string, kinds: QueryKinds, token: string) {
  return measureKinds(
    kinds,
    async (query) => {
      const t0 = performance.now();
      const answer = await callApi(`${url}${path}?${new URLSearchParams(query).toString()}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { ms: performance.now() - t0, ok: answer.code === 200 };
    },
    PAGE_REQUESTS,
  );
}

const READS = [
  { name: 'cardGroup/page', path: '/api/cardGroup/page', kinds: GROUP_PAGE_KINDS },
  { name: 'card/page filtered by group or tag', path: '/api/card/page', kinds: FILTERED_CARD_KINDS },
] as const;

function benchOn(target: Target, report: Report): Promise<void> {
  const label = target.name;
  const size = `${GROUPS} groups, ${CARDS.toLocaleString('en')} cards`;
  const portal = new Map<string, ReadFigures>();
  return onSeededServer(
    target,
    { dbName: BENCH_DB, folder: 'bench-groups', seed: seedGroups },
    async (server, token) => {
      for (const { name, path, kinds } of READS) {
        portal.set(name, await measureRead(server.url, read(path, kinds, token), FLOOR_LOAD));
        reportKinds(
          report,
          `${name} with ${size}, ${PAGE_REQUESTS} varied requests on ${label}`,
          await latencies(server.url, path, kinds, token),
          'p99 ≤ 50 ms (the card/page target)',
        );
      }
    },
    async (floor, token) => {
      for (const { name, path, kinds } of READS) {
        const figures = await measureRead(floor.url, read(path, kinds, token), FLOOR_LOAD);
        const mine = portal.get(name);
        if (mine) reportAgainstFloor(report, `${name} (${size}) on ${label}`, FLOOR_LOAD.rps, mine, figures);
      }
    },
  );
}

export async function runGroupsBench(report: Report): Promise<void> {
  process.stdout.write(`Card groups: seeding ${CARDS.toLocaleString('en')} cards in ${GROUPS} groups…\n`);
  await onEachDatabase((target) => benchOn(target, report));
}
