import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardView } from '@contract/cards';
import { cardPage, cardPageForSub, cardView } from '@contract/cards';
import { cards } from '../../../db/schema';
import type { CardRow } from '../card-access';
import { openCardSecrets } from '../open/store-card';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import type { SignedInSession } from '../../../testing/signed-in';
import { ensureSubAccount, openSession, signedInAccount } from '../../../testing/signed-in';

const t = fileTestApp();
const me = fileSignedInAccount(t);
let subA: SignedInSession;
/** Oldest first: the list answers them newest first. */
let mine: CardRow[];
let subCards: CardRow[];

type Query = Parameters<typeof t.api<typeof cardPage>>[1];

async function page(query: Query, token = me.token) {
  return t.api(cardPage, query, { token });
}

async function ids(query: Query, token = me.token): Promise<string[]> {
  const answer = await page({ pageSize: 100, ...query }, token);
  expect(answer.body.code).toBe(200);
  return (answer.body.data as { data: CardView[] }).data.map((card) => card.id);
}

async function setCard(card: CardRow, values: Partial<typeof cards.$inferInsert>) {
  await t.ctx.database.db.update(cards).set(values).where(eq(cards.id, card.id));
}

beforeAll(async () => {
  subA = await openSession(t, me.accountId, 'sub-a');
  const other = await signedInAccount(t);
  await openTestCard(t, other.accountId, { balance: 500 }); // never in my lists
  mine = [];
  for (let i = 0; i < 4; i++) mine.push(await openTestCard(t, me.accountId, { balance: i * 1_000 }));
  mine.push(await openTestCard(t, me.accountId, { segmentId: 'mc-531993', label: 'ads' }));
  subCards = [
    await openTestCard(t, me.accountId, { subAccountId: 'sub-a' }),
    await openTestCard(t, me.accountId, { subAccountId: 'sub-b', label: 'ads' }),
  ];
  // Distinct opening times, 1 minute apart in order, around a UTC+8 midnight.
  const all = [...mine, ...subCards];
  for (const [index, card] of all.entries())
    await setCard(card, { createdAt: new Date(Date.parse('2026-03-01T23:57:00+08:00') + index * 60_000) });
  await setCard(mine[1]!, { status: 'frozen', frozenBy: 'customer' });
  await setCard(mine[2]!, { status: 'deleted' });
});

const newestFirst = (rows: CardRow[]) => rows.map((card) => card.id).reverse();

describe('GET /api/card/page', () => {
  it('needs a bearer token', async () => {
    expect((await t.api(cardPage, {})).status).toBe(401);
  });

  it('lists all the account’s cards newest first, with the contract’s fields and the last four digits only', async () => {
    const answer = await page({ pageSize: 100 });
    expect(answer.body).toMatchObject({ code: 200, data: { total: 7, pageNo: 1, pageSize: 100 } });
    const items = (answer.body.data as { data: CardView[] }).data;
    expect(items.map((card) => card.id)).toEqual(newestFirst([...mine, ...subCards]));
    // Every field of the view but `member`, which only the team list (pageForSub) carries.
    const fields = Object.keys(cardView.shape).filter((key) => key !== 'member');
    for (const item of items) expect(Object.keys(item).sort()).toEqual(fields.sort());
    expect(items.at(-1)).toMatchObject({
      last4: mine[0]!.last4,
      balance: 0,
      currency: 'USD',
      network: 'visa',
    });
    const text = JSON.stringify(answer.body);
    for (const card of mine) {
      const { pan, cvv } = openCardSecrets(t.ctx, card.secrets);
      expect(text).not.toContain(pan);
      expect(text).not.toContain(pan.slice(0, 12));
      expect(text).not.toContain(`"${cvv}"`);
    }
  });

  it('pages with a total', async () => {
    const first = await page({ pageNo: 1, pageSize: 3 });
    expect(first.body.data).toMatchObject({ total: 7, pageNo: 1, pageSize: 3 });
    const third = await page({ pageNo: 3, pageSize: 3 });
    expect(third.body.data).toMatchObject({ total: 7 });
    expect((third.body.data as { data: CardView[] }).data.map((card) => card.id)).toEqual([mine[0]!.id]);
    const beyond = await page({ pageNo: 9, pageSize: 3 });
    expect(beyond.body.data).toMatchObject({ total: 7, data: [] });
  });

  it('filters by status, segment, label and serial', async () => {
    expect(await ids({ status: 'frozen' })).toEqual([mine[1]!.id]);
    expect(await ids({ status: 'deleted' })).toEqual([mine[2]!.id]);
    expect(await ids({ segmentId: 'mc-531993' })).toEqual([mine[4]!.id]);
    expect(await ids({ label: 'ads' })).toEqual([subCards[1]!.id, mine[4]!.id]);
    expect(await ids({ serial: mine[3]!.serial.toLowerCase() })).toEqual([mine[3]!.id]);
  });

  it('filters by the last four digits: four match exactly, fewer match the end', async () => {
    const card = mine[3]!;
    expect(await ids({ last4: card.last4 })).toContain(card.id);
    const everyMatch = [...mine, ...subCards].filter((c) => c.last4.endsWith(card.last4.slice(-2)));
    expect(await ids({ last4: card.last4.slice(-2) })).toEqual(newestFirst(everyMatch));
    const bad = await page({ last4: '12a' });
    expect(bad.body).toMatchObject({ code: 400, msg: 'Enter up to the last 4 digits of the card number' });
  });

  it('filters by an inclusive balance range, and refuses min > max with the spec’s message', async () => {
    expect(await ids({ minBalance: 1_000, maxBalance: 2_000 })).toEqual([mine[2]!.id, mine[1]!.id]);
    expect(await ids({ minBalance: 3_000 })).toEqual([mine[3]!.id]);
    const refused = await page({ minBalance: 2_000, maxBalance: 1_000 });
    expect(refused.body).toMatchObject({ code: 400, msg: 'Please enter the correct balance range' });
    const negative = await page({ minBalance: -1 });
    expect(negative.body).toMatchObject({ code: 400, msg: 'Please enter the correct balance range' });
  });

  it('filters by opening day in UTC+8, both ends inclusive; a start after the end is a 400', async () => {
    // Opened 23:57, 23:58, 23:59 on 1 March (UTC+8), then from 00:00 on 2 March.
    expect(await ids({ startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual(
      newestFirst(mine.slice(0, 3)),
    );
    expect(await ids({ startDate: '2026-03-02' })).toEqual(newestFirst([...mine.slice(3), ...subCards]));
    const refused = await page({ startDate: '2026-03-02', endDate: '2026-03-01' });
    expect(refused.body.code).toBe(400);
    expect((refused.body.data as { fields: string[] }).fields).toEqual(['startDate', 'endDate']);
  });

  it('shows a sub-account user only the cards they opened', async () => {
    expect(await ids({}, subA.token)).toEqual([subCards[0]!.id]);
  });
});

describe('GET /api/card/pageForSub', () => {
  it('for a sub-account user: the cards they opened', async () => {
    const answer = await t.api(cardPageForSub, {}, { token: subA.token });
    expect((answer.body.data as { data: CardView[] }).data.map((card) => card.id)).toEqual([subCards[0]!.id]);
  });

  it('for the main account: the cards its sub-accounts opened, or one sub-account’s with subAccountId', async () => {
    const all = await t.api(cardPageForSub, { pageSize: 100 }, { token: me.token });
    expect((all.body.data as { data: CardView[] }).data.map((card) => card.id)).toEqual(
      newestFirst(subCards),
    );
    const one = await t.api(cardPageForSub, { subAccountId: 'sub-b' }, { token: me.token });
    expect(one.body.data).toMatchObject({ total: 1 });
    expect((one.body.data as { data: CardView[] }).data[0]!.id).toBe(subCards[1]!.id);
    const filtered = await t.api(cardPageForSub, { label: 'ads', status: 'active' }, { token: me.token });
    expect((filtered.body.data as { data: CardView[] }).data.map((card) => card.id)).toEqual([
      subCards[1]!.id,
    ]);
  });
  it('names the member holding each card (the team list’s member column); card/page does not', async () => {
    await ensureSubAccount(t, me.accountId, 'sub-b');
    const all = await t.api(cardPageForSub, { pageSize: 100 }, { token: me.token });
    const members = (all.body.data as { data: CardView[] }).data.map((card) => card.member?.nickname);
    expect(members).toEqual(['Member sub-b', 'Member sub-a']);
    expect((all.body.data as { data: CardView[] }).data[0]!.member).toMatchObject({
      id: 'sub-b',
      subUid: expect.stringMatching(/^S\d{9}$/),
    });
    const own = await page({ pageSize: 100 });
    expect((own.body.data as { data: CardView[] }).data.every((card) => card.member === undefined)).toBe(
      true,
    );
  });
});

describe('GET /api/card/page order of cards opened together', () => {
  it('lists cards sharing an opening time newest first by serial, the same on every page', async () => {
    // A batch opening stamps every card with the transaction's time; their ids are random.
    const batch = await signedInAccount(t);
    const opened: CardRow[] = [];
    for (let i = 0; i < 12; i++) opened.push(await openTestCard(t, batch.accountId));
    const at = new Date('2026-03-05T10:00:00+08:00');
    for (const card of opened) await setCard(card, { createdAt: at });
    const bySerial = [...opened].sort((a, b) => b.serial.localeCompare(a.serial)).map((card) => card.id);
    expect(bySerial).toEqual(newestFirst(opened));

    expect(await ids({}, batch.token)).toEqual(bySerial);
    const paged: string[] = [];
    for (let pageNo = 1; pageNo <= 3; pageNo++)
      paged.push(...(await ids({ pageNo, pageSize: 5 }, batch.token)));
    expect(paged).toEqual(bySerial);
    // Asked again, the same order: nothing depends on how the rows happen to lie.
    expect(await ids({}, batch.token)).toEqual(bySerial);
  });
});
