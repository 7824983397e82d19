/**
 * The card tally (migration 0025, card-tally.ts): after any mix of the operations that add, group,
 * tag, move and remove cards, every total it gives equals the cards counted, for every holder and
 * bucket, before and after folding; the card list takes its totals from it; and under concurrency
 * (PostgreSQL) a holder change racing a group or tag change leaves it exact.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardView } from '@contract/cards';
import { cardPage } from '@contract/cards';
import type { Executor } from '../../../db/client';
import { MIGRATIONS_FOLDER } from '../../../db/client';
import { cardEvents, cardGroupMembers, cards, cardTags, cardTally } from '../../../db/schema';
import { openTestCard } from '../../../testing/cards';
import { prng } from '../../../testing/prng';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { ensureSubAccount, signedInAccount } from '../../../testing/signed-in';
import { NO_GROUP } from '../../card-groups/card-conditions';
import { moveCards } from '../../card-groups/move-cards';
import { removeGroups } from '../../card-groups/remove-groups';
import { addGroup } from '../../card-groups/save-group';
import { addTag, removeTag } from '../../tags/save-tag';
import { editCardTags } from '../../tags/tag-cards';
import type { CardOwner } from '../card-access';
import { batchDeleteCards } from '../lifecycle/delete-cards';
import type { CardScope } from './list-cards';
import { pageScope, subPageScope } from './list-cards';
import { cardWhere } from './list-filter';
import { foldCardTally, readTally, tallyBucket } from './card-tally';

const t = fileTestApp();
const me = fileSignedInAccount(t);

describe('tallyBucket', () => {
  it('answers for the list unfiltered, by "no group" alone and by one tag alone, paging aside', () => {
    expect(tallyBucket({ pageNo: 2, pageSize: 20 })).toBe('all');
    expect(
      tallyBucket({ pageNo: 1, pageSize: 20, subAccountId: 'sub-1', status: undefined, label: '' }),
    ).toBe('all');
    expect(tallyBucket({ pageNo: 1, pageSize: 20, groupId: NO_GROUP })).toBe('none');
    expect(tallyBucket({ pageNo: 1, pageSize: 20, tagId: 'tag-7' })).toBe('tag:tag-7');
  });

  it('leaves every other filter, a combination and an unknown field to counting', () => {
    expect(tallyBucket({ groupId: 'group-1' })).toBeNull();
    expect(tallyBucket({ groupId: NO_GROUP, tagId: 'tag-7' })).toBeNull();
    expect(tallyBucket({ tagId: 'tag-7', status: 'active' })).toBeNull();
    expect(tallyBucket({ minBalance: 0 })).toBeNull();
    expect(tallyBucket({ somethingNew: 'x' })).toBeNull();
  });
});

/** Every card list an account's users can ask for, by scope and bucket. */
function scopesOf(accountId: string, subIds: readonly string[]): Array<[string, CardScope]> {
  const principal = (subAccountId: string | null) => ({ sessionId: 's', accountId, subAccountId });
  return [
    ['the owner, every card', pageScope(principal(null))],
    ['the owner, every member', subPageScope(principal(null), undefined)],
    ...subIds.flatMap((id): Array<[string, CardScope]> => [
      [`the owner, member ${id}`, subPageScope(principal(null), id)],
      [`member ${id} itself`, pageScope(principal(id))],
    ]),
  ];
}

function filterOf(bucket: string): { groupId?: string; tagId?: string } {
  if (bucket === 'all') return {};
  if (bucket === 'none') return { groupId: NO_GROUP };
  return { tagId: bucket.slice('tag:'.length) };
}

/** The tally against a count of the cards, for every scope and bucket: the differences, if any. */
async function tallyErrors(
  accountId: string,
  subIds: readonly string[],
  tagIds: readonly string[],
  db: Executor = t.ctx.database.db,
) {
  const errors: string[] = [];
  const buckets = ['all', 'none', ...tagIds.map((id) => `tag:${id}`)];
  for (const [name, scope] of scopesOf(accountId, subIds))
    for (const bucket of buckets) {
      const [row] = await db
        .select({ n: count() })
        .from(cards)
        .where(cardWhere(scope.where, filterOf(bucket)));
      const tallied = await readTally(db, scope.tally, bucket);
      if (tallied !== row!.n) errors.push(`${name}, ${bucket}: tally ${tallied}, counted ${row!.n}`);
    }
  return errors;
}

describe('the tally against the cards', () => {
  it('stays exact through random opening, grouping, tagging, deleting, holder moves and folding', async () => {
    const account = await signedInAccount(t);
    const subIds = ['tally-a', 'tally-b'];
    for (const id of subIds) await ensureSubAccount(t, account.accountId, id);
    const owners: CardOwner[] = [
      { accountId: account.accountId, subAccountId: null },
      ...subIds.map((subAccountId) => ({ accountId: account.accountId, subAccountId })),
    ];
    const main = owners[0]!;
    const random = prng(20_261_127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const some = <T>(list: readonly T[]): T[] => list.filter(() => random() < 0.4);
    const groupIds: string[] = [];
    const tagIds: string[] = [];
    let made = 0;
    const db = t.ctx.database.db;
    const liveCardsOf = async (owner: CardOwner) =>
      (
        await db
          .select({ id: cards.id, status: cards.status, subAccountId: cards.subAccountId })
          .from(cards)
          .where(eq(cards.accountId, owner.accountId))
      ).filter(
        (card) =>
          card.status !== 'deleted' && (!owner.subAccountId || card.subAccountId === owner.subAccountId),
      );

    const steps: Record<string, () => Promise<unknown>> = {
      open: () => openTestCard(t, account.accountId, { subAccountId: pick(owners).subAccountId }),
      addGroup: async () => groupIds.push((await addGroup(t.ctx, main, `g${(made += 1)}`)).id),
      addTag: async () => tagIds.push((await addTag(t.ctx, main, `t${(made += 1)}`)).id),
      move: async () => {
        const owner = pick(owners);
        const ids = some(await liveCardsOf(owner)).map((card) => card.id);
        const gid = random() < 0.3 || groupIds.length === 0 ? undefined : pick(groupIds);
        if (ids.length) await moveCards(t.ctx, main, { cardIds: ids, gid });
      },
      tag: async () => {
        const ids = some(await liveCardsOf(pick(owners))).map((card) => card.id);
        if (ids.length && tagIds.length)
          await editCardTags(t.ctx, main, { cardIds: ids, add: some(tagIds), remove: some(tagIds) });
      },
      removeGroup: async () => {
        if (groupIds.length) await removeGroups(t.ctx, main, groupIds.splice(0, 1));
      },
      removeTag: async () => {
        if (tagIds.length) await removeTag(t.ctx, main, tagIds.shift()!);
      },
      deleteCards: async () => {
        const ids = some(await liveCardsOf(main)).map((card) => card.id);
        if (ids.length)
          await batchDeleteCards(t.ctx, main, ids, {
            idempotencyKey: null,
            actor: { ip: 'test', device: 'vitest', subAccountId: null },
          });
      },
      // A member's expiry moving their cards to the main account (expire-subs.ts).
      holderMove: async () => {
        const ids = some(await liveCardsOf(pick(owners.slice(1)))).map((card) => card.id);
        if (ids.length) await db.update(cards).set({ subAccountId: null }).where(inArray(cards.id, ids));
      },
      fold: () => foldCardTally(db),
    };
    const everyTag: string[] = [];
    for (let n = 0; n < 6; n++) await steps.open!();
    const ran = new Set<string>();
    for (let step = 0; step < 60; step++) {
      const name = pick(Object.keys(steps));
      ran.add(name);
      await steps[name]!();
      everyTag.push(...tagIds.filter((id) => !everyTag.includes(id)));
      expect(await tallyErrors(account.accountId, subIds, everyTag), `after step ${step}: ${name}`).toEqual(
        [],
      );
    }
    expect([...ran].sort()).toEqual(Object.keys(steps).sort());
    await foldCardTally(db);
    expect(await tallyErrors(account.accountId, subIds, everyTag)).toEqual([]);
    // Folded: one row per holder and bucket that is not empty, none for a removed tag.
    const rows = await db.select().from(cardTally).where(eq(cardTally.accountId, account.accountId));
    const keys = rows.map((row) => `${row.subAccountId}|${row.bucket}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(rows.every((row) => row.delta !== 0)).toBe(true);
  });

  it('takes out of every bucket the card rows a purge deletes', async () => {
    const account = await signedInAccount(t);
    const owner: CardOwner = { accountId: account.accountId, subAccountId: null };
    const tag = await addTag(t.ctx, owner, 'purged');
    const group = await addGroup(t.ctx, owner, 'purged');
    const [a, b] = [await openTestCard(t, account.accountId), await openTestCard(t, account.accountId)];
    await editCardTags(t.ctx, owner, { cardIds: [a.id, b.id], add: [tag.id] });
    await moveCards(t.ctx, owner, { cardIds: [a.id], gid: group.id });
    const db = t.ctx.database.db;
    await db.delete(cardTags).where(inArray(cardTags.cardId, [a.id, b.id]));
    await db.delete(cardGroupMembers).where(eq(cardGroupMembers.cardId, a.id));
    await db.delete(cardEvents).where(inArray(cardEvents.cardId, [a.id, b.id]));
    await db.delete(cards).where(inArray(cards.id, [a.id, b.id]));
    expect(await tallyErrors(account.accountId, [], [tag.id])).toEqual([]);
    expect(await readTally(db, pageScope({ sessionId: 's', ...owner }).tally, 'all')).toBe(0);
  });

  it("the migration's count of the cards already there gives the totals the triggers keep", async () => {
    const account = await signedInAccount(t);
    await ensureSubAccount(t, account.accountId, 'before');
    const owner: CardOwner = { accountId: account.accountId, subAccountId: null };
    const tag = await addTag(t.ctx, owner, 'before');
    const group = await addGroup(t.ctx, owner, 'before');
    const held = [null, 'before', 'before', null].map((subAccountId) =>
      openTestCard(t, account.accountId, { subAccountId }),
    );
    const [a, b, c] = await Promise.all(held);
    await moveCards(t.ctx, owner, { cardIds: [a!.id, b!.id], gid: group.id });
    await editCardTags(t.ctx, owner, { cardIds: [b!.id, c!.id], add: [tag.id] });
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0025_card_tally.sql'), 'utf8');
    const backfill = migration
      .slice(migration.indexOf('-- The cards that exist when this migration runs.'))
      .split('--> statement-breakpoint');
    expect(backfill).toHaveLength(3);
    const rolledBack = t.ctx.database.db.transaction(async (tx) => {
      await tx.delete(cardTally);
      for (const statement of backfill) await tx.execute(sql.raw(statement));
      expect(await tallyErrors(account.accountId, ['before'], [tag.id], tx)).toEqual([]);
      const rows = await tx.select().from(cardTally).where(eq(cardTally.accountId, account.accountId));
      expect(rows.length).toBeGreaterThan(0);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toBeInstanceOf(TransactionRollbackError);
  });

  it('a move from one group to another leaves the cards out of "no group"', async () => {
    const account = await signedInAccount(t);
    const owner: CardOwner = { accountId: account.accountId, subAccountId: null };
    const [first, second] = [await addGroup(t.ctx, owner, 'one'), await addGroup(t.ctx, owner, 'two')];
    const card = await openTestCard(t, account.accountId);
    await moveCards(t.ctx, owner, { cardIds: [card.id], gid: first.id });
    await moveCards(t.ctx, owner, { cardIds: [card.id], gid: second.id });
    const scope = pageScope({ sessionId: 's', ...owner }).tally;
    expect(await readTally(t.ctx.database.db, scope, 'none')).toBe(0);
    expect(await readTally(t.ctx.database.db, scope, 'all')).toBe(1);
  });
});

describe('card/page totals', () => {
  it('come from the tally when the filter is "no group" alone, and are counted otherwise', async () => {
    const owner: CardOwner = { accountId: me.accountId, subAccountId: null };
    for (let n = 0; n < 3; n++) await openTestCard(t, me.accountId);
    const total = async (query: Record<string, string | number>) =>
      (
        (await t.api(cardPage, { pageNo: 1, pageSize: 2, ...query }, { token: me.token })).body.data as {
          data: CardView[];
          total: number;
        }
      ).total;
    expect(await total({ groupId: NO_GROUP })).toBe(3);
    // A row no operation made: only a total read from the tally can show it.
    await t.ctx.database.db
      .insert(cardTally)
      .values({ accountId: owner.accountId, subAccountId: null, bucket: 'none', delta: 1000 });
    expect(await total({ groupId: NO_GROUP })).toBe(1003);
    expect(await total({ groupId: NO_GROUP, status: 'active' })).toBe(3);
    await t.ctx.database.db.delete(cardTally).where(eq(cardTally.delta, 1000));
  });
});

// PostgreSQL only: PGlite runs one transaction at a time, so nothing there can race.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('the tally under concurrency', () => {
  /** Holds a transaction open after `work` until `release` resolves. */
  function heldTransaction(work: Parameters<typeof t.ctx.database.db.transaction>[0]) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const done = t.ctx.database.db.transaction(async (tx) => {
      await work(tx);
      started();
      await released;
    });
    return { ready, release, done };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  for (const first of ['grouping', 'holder move'] as const)
    it(`a member's card grouped and tagged while its holder moves (${first} first) keeps every total exact`, async () => {
      const account = await signedInAccount(t);
      await ensureSubAccount(t, account.accountId, 'racer');
      const owner: CardOwner = { accountId: account.accountId, subAccountId: null };
      const group = await addGroup(t.ctx, owner, 'race');
      const tag = await addTag(t.ctx, owner, 'race');
      const card = await openTestCard(t, account.accountId, { subAccountId: 'racer' });
      const place = async (tx: Parameters<Parameters<typeof t.ctx.database.db.transaction>[0]>[0]) => {
        await tx
          .insert(cardGroupMembers)
          .values({ cardId: card.id, groupId: group.id, accountId: account.accountId });
        await tx.insert(cardTags).values({ cardId: card.id, tagId: tag.id });
      };
      const moveHolder = (tx: Parameters<typeof place>[0]) =>
        tx.update(cards).set({ subAccountId: null }).where(eq(cards.id, card.id));
      const held = heldTransaction(first === 'grouping' ? place : moveHolder);
      await held.ready;
      const second = t.ctx.database.db.transaction(first === 'grouping' ? moveHolder : place);
      await settle();
      held.release();
      await Promise.all([held.done, second]);
      expect(await tallyErrors(account.accountId, ['racer'], [tag.id])).toEqual([]);
    });
});
