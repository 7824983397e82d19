import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { BatchResult, ImportProblem } from '@contract/cards';
import type { ImportCost } from '@contract/cards';
import { importData, importDataCost, importTemplate } from '@contract/cards';
import { cardGroupAdd } from '@contract/card-groups';
import type { Envelope } from '@contract/core';
import { tagAdd } from '@contract/tags';
import { cardBatches, cardGroupMembers, cardTags, coupons } from '../../../db/schema';
import { fileTestApp } from '../../../testing/file-app';
import { auditLedger, isHealthy } from '../../ledger';
import { IMPORT_MAX_BYTES } from './import-file';
import {
  addCoupon,
  cardsOf,
  funded,
  idempotency,
  MAINTENANCE,
  quote,
  SUBSCRIPTIONS,
  totalFor,
  walletBalance,
} from '../../../testing/card-kit';

const t = fileTestApp();

type Row = (string | number | null)[];

const GOOD: Row = [
  SUBSCRIPTIONS,
  '10.00',
  'Grace',
  'Hopper',
  '1 Main St',
  'Boston',
  'MA',
  '02108',
  'US',
  'ads',
];

async function downloadTemplate(token: string, lang: 'en' | 'zh-CN' = 'en'): Promise<Response> {
  return t.raw(importTemplate.path, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
}

async function loadWorkbook(bytes: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

/** The template of the caller, filled with rows from row 2 (as a customer would in Excel). */
async function filledTemplate(token: string, rows: Row[]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = await loadWorkbook(await (await downloadTemplate(token)).arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  rows.forEach((row, index) => {
    sheet.getRow(index + 2).values = row;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function upload(
  token: string,
  file: Uint8Array<ArrayBuffer>,
  fields: Record<string, string> = {},
  headers: Record<string, string> = idempotency(),
  name = 'cards.xlsx',
  path: string = importData.path,
): Promise<{ status: number; body: Envelope }> {
  const form = new FormData();
  form.set(
    'file',
    new File([file], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  form.set('unit', fields.unit ?? 'USD');
  for (const [key, value] of Object.entries(fields)) if (key !== 'unit') form.set(key, value);
  const res = await t.raw(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}

/** The cost step of an import: the same file and fields, answered with the exact cost. */
async function costOf(token: string, file: Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) {
  return upload(token, file, fields, {}, 'cards.xlsx', importDataCost.path);
}

describe('GET /api/card/importTemplate', () => {
  it('an .xlsx headed in the caller’s language, with notes, an example row and the open segments at the caller’s prices', async () => {
    const me = await funded(t);
    const res = await downloadTemplate(me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="card-import-template\.xlsx"/,
    );
    const workbook = await loadWorkbook(await res.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Cards', 'Notes']);
    const header = workbook.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([
      'Segment ID',
      'First load amount',
      'First name',
      'Last name',
      'Street',
      'City',
      'State',
      'Zip code',
      'Country',
      'Label',
      // The optional spending-rule columns (issue 33 §3), after the ones every file has.
      'Spending template',
      'Limit per payment',
      'Daily limit',
      'Monthly limit',
      'Lifetime limit',
      'Allowed categories',
      'Blocked categories',
      'Allowed countries',
      'Blocked countries',
      'Single use',
    ]);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
    const notes: string[] = [];
    workbook.worksheets[1]!.eachRow((row) => notes.push((row.values as unknown[]).slice(1).join('|')));
    expect(notes).toContain('visa-485932|Visa 485932 · Advertising|USD|10.00|2.00|1.50%');
    expect(notes).toContain('visa-428837|Visa 428837 · Subscriptions|USD|5.00|1.00|1.00%');
    expect(notes.some((line) => line.startsWith('visa-441112'))).toBe(false); // in maintenance
    expect(notes.some((line) => line.startsWith('Example row'))).toBe(true);

    const zh = await loadWorkbook(await (await downloadTemplate(me.token, 'zh-CN')).arrayBuffer());
    expect(zh.worksheets.map((s) => s.name)).toEqual(['开卡', '说明']);
    expect((zh.worksheets[0]!.getRow(1).values as unknown[])[1]).toBe('卡段 ID');
  });
});

describe('POST /api/card/importData', () => {
  it('round trip: the filled template opens every row as one batch at the computed price', async () => {
    const me = await funded(t, { usd: 100_000 });
    const file = await filledTemplate(me.token, [
      GOOD,
      [SUBSCRIPTIONS, 10, 'Alan', 'Turing', '2 Main St', 'Austin', 'TX', '78701', '', ''],
      [SUBSCRIPTIONS, '10', 'Edsger', 'Dijkstra', '3 Main St', 'Denver', 'CO', '80202', 'us', 'ops'],
    ]);
    const cost = await quote(t, me.token, { segmentId: SUBSCRIPTIONS, amount: 1_000, count: 3 });
    const headers = idempotency();
    const answer = await upload(me.token, file, {}, headers);
    expect(answer.body.code).toBe(200);
    const result = answer.body.data as BatchResult;
    expect(result).toMatchObject({
      batchId: headers['idempotency-key'],
      status: 'done',
      total: 3,
      issued: 3,
    });
    expect(result.cards.map((c) => c.holderName).sort()).toEqual([
      'Alan Turing',
      'Edsger Dijkstra',
      'Grace Hopper',
    ]);
    const stored = await cardsOf(t, me.accountId);
    expect(stored.map((c) => [c.holderLastName, c.country, c.label]).sort()).toEqual([
      ['Dijkstra', 'US', 'ops'],
      ['Hopper', 'US', 'ads'],
      ['Turing', 'US', null],
    ]);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - totalFor(cost, 'USD'));
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('rows of several segments and loads: one movement, each group at its own price, the coupon spread over them', async () => {
    const me = await funded(t, { usd: 100_000 });
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 2,
    });
    const file = await filledTemplate(me.token, [
      GOOD,
      ['mc-531993', '20.00', 'Alan', 'Turing', '2 Main St', 'Austin', 'TX', '78701', 'US', ''],
      [SUBSCRIPTIONS, '10.00', 'Edsger', 'Dijkstra', '3 Main St', 'Denver', 'CO', '80202', 'US', ''],
    ]);
    const answer = await upload(me.token, file, { couponId });
    expect(answer.body.code).toBe(200);
    // Subscriptions ×2 at 10.00: 20.00 + fees 2×(1.00+0.10), coupon takes both opening fees (2.00);
    // E-commerce ×1 at 20.00: 20.00 + 2.00 + 1.2% (0.24), no coupon use left.
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(
      100_000 - (2_000 + 220 - 200) - (2_000 + 200 + 24),
    );
    const [coupon] = await t.ctx.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(coupon?.availableTimes).toBe(0);
    const result = answer.body.data as BatchResult;
    expect(result.txnNo).not.toBeNull();
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('any wrong row opens nothing and lists every problem; the fixed file then opens all', async () => {
    const me = await funded(t, { usd: 100_000 });
    const rows: Row[] = [
      GOOD,
      [SUBSCRIPTIONS, '10.00', 'Alan', 'Turing', '2 Main St', 'Austin', 'TX', 'ABCDE', 'US', ''],
      ['no-such-segment', 'ten', '', 'Dijkstra', '3 Main St', 'Denver', 'CO', '80202', 'US', ''],
      [MAINTENANCE, '20.00', 'Barbara', 'Liskov', '4 Main St', 'Boston', 'MA', '02110', 'US', ''],
      [SUBSCRIPTIONS, '4.99', 'Ken', 'Thompson', '5 Main St', 'Miami', 'FL', '33130', 'USA', 'x'.repeat(33)],
    ];
    const wrong = await upload(me.token, await filledTemplate(me.token, rows));
    expect(wrong.body.code).toBe(422);
    expect(wrong.body.msg).toBe(
      '4 rows have problems; nothing was opened. Fix them and import the file again',
    );
    const problems = (wrong.body.data as { problems: ImportProblem[] }).problems;
    expect(problems).toEqual([
      { row: 3, column: 'Zip code', reason: 'Incorrect zip code format' },
      {
        row: 4,
        column: 'Segment ID',
        reason: 'This card segment does not exist; please choose one from the list',
      },
      {
        row: 4,
        column: 'First load amount',
        reason: 'Enter the amount as a number with at most two decimals, e.g. 10.00',
      },
      { row: 4, column: 'First name', reason: 'First name is required' },
      {
        row: 5,
        column: 'Segment ID',
        reason:
          'This card segment is under maintenance and cannot open cards now; please choose another segment',
      },
      { row: 6, column: 'First load amount', reason: 'The first load of each card must be at least $5.00' },
      { row: 6, column: 'Country', reason: 'Country is invalid' },
      { row: 6, column: 'Label', reason: 'Label is too long' },
    ]);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
    expect(
      await t.ctx.database.db.select().from(cardBatches).where(eq(cardBatches.accountId, me.accountId)),
    ).toHaveLength(0);

    const fixed: Row[] = [
      GOOD,
      [SUBSCRIPTIONS, '10.00', 'Alan', 'Turing', '2 Main St', 'Austin', 'TX', '78701', 'US', ''],
      [SUBSCRIPTIONS, '10.00', 'Edsger', 'Dijkstra', '3 Main St', 'Denver', 'CO', '80202', 'US', ''],
      ['mc-531993', '20.00', 'Barbara', 'Liskov', '4 Main St', 'Boston', 'MA', '02110', 'US', ''],
      [SUBSCRIPTIONS, '5.00', 'Ken', 'Thompson', '5 Main St', 'Miami', 'FL', '33130', 'US', 'x'.repeat(32)],
    ];
    const opened = await upload(me.token, await filledTemplate(me.token, fixed));
    expect(opened.body.code).toBe(200);
    expect((opened.body.data as BatchResult).cards).toHaveLength(5);
    expect(await cardsOf(t, me.accountId)).toHaveLength(5);
  });

  it('problems are reported in the caller’s language', async () => {
    const me = await funded(t, { usd: 100_000 });
    const file = await filledTemplate(me.token, [
      [SUBSCRIPTIONS, '10.00', '', 'Turing', '2 Main St', 'Austin', 'TX', '78701', 'US', ''],
    ]);
    const form = new FormData();
    form.set('file', new File([file], 'cards.xlsx'));
    form.set('unit', 'USD');
    const res = await t.raw(importData.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'zh-CN', ...idempotency() },
      body: form,
    });
    const body = (await res.json()) as Envelope<{ problems: ImportProblem[] }>;
    expect(body.data.problems).toEqual([{ row: 2, column: '名', reason: '请填写名' }]);
  });

  it('reports names and addresses a card network would refuse per row, and opens nothing', async () => {
    const me = await funded(t, { usd: 100_000 });
    const rows: Row[] = [
      [SUBSCRIPTIONS, '10.00', "D'Arcy", 'Smith-Jones', '1 Main St. #2', 'Boston', 'MA', '02108', 'US', ''],
      [SUBSCRIPTIONS, '10.00', '😀Joe', 'Turing', '2 Main St', 'Austin', 'TX', '78701', 'US', ''],
      [SUBSCRIPTIONS, '10.00', 'Ken', '<b>x</b>', '3 Main St', 'Miami', 'FL', '33130', 'US', ''],
      [SUBSCRIPTIONS, '10.00', 'Ken', 'Thompson', '4 Main St', 'Mi<ami', 'FL', '33130', 'US', ''],
    ];
    const wrong = await upload(me.token, await filledTemplate(me.token, rows));
    expect(wrong.body.code).toBe(422);
    const problems = (wrong.body.data as { problems: ImportProblem[] }).problems;
    const nameRule = "use Latin letters (A–Z), spaces and ' - . , only, as card networks require";
    expect(problems).toEqual([
      { row: 3, column: 'First name', reason: `First name: ${nameRule}` },
      { row: 4, column: 'Last name', reason: `Last name: ${nameRule}` },
      {
        row: 5,
        column: 'City',
        reason:
          "City: use Latin letters (A–Z), digits, spaces and ' - . , # / only, as card networks require",
      },
    ]);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
  });

  it('a ZIP code Excel turned into a number gets its leading zero back', async () => {
    const me = await funded(t, { usd: 100_000 });
    const file = await filledTemplate(me.token, [
      [SUBSCRIPTIONS, 10, 'Grace', 'Hopper', '1 Main St', 'Boston', 'MA', 2108, 'US', ''],
    ]);
    const answer = await upload(me.token, file);
    expect(answer.body.code).toBe(200);
    expect((await cardsOf(t, me.accountId))[0]?.postcode).toBe('02108');
  });

  it('shows the exact cost first (nothing charged), then charges exactly that total (issue 29 item 16)', async () => {
    const me = await funded(t, { usd: 100_000 });
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 2,
    });
    const file = await filledTemplate(me.token, [
      GOOD,
      ['mc-531993', '20.00', 'Alan', 'Turing', '2 Main St', 'Austin', 'TX', '78701', 'US', ''],
      [SUBSCRIPTIONS, '10.00', 'Edsger', 'Dijkstra', '3 Main St', 'Denver', 'CO', '80202', 'US', ''],
    ]);
    const asked = await costOf(me.token, file, { couponId });
    expect(asked.body.code).toBe(200);
    const cost = asked.body.data as ImportCost;
    const expected = 2_000 + 220 - 200 + (2_000 + 200 + 24);
    expect(cost).toMatchObject({ unit: 'USD', count: 3, total: expected, balance: 100_000, enough: true });
    expect(cost.parts.map((p) => [p.count, p.amount, p.discount])).toEqual([
      [2, 2_000, 200],
      [1, 2_000, 0],
    ]);
    // Asking the cost opened nothing, charged nothing and left the coupon alone.
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
    const answer = await upload(me.token, file, { couponId, expectTotal: String(cost.total) });
    expect(answer.body.code).toBe(200);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000 - cost.total);
  });

  it('refuses to charge a total other than the one shown (409), opening nothing', async () => {
    const me = await funded(t, { usd: 100_000 });
    const couponId = await addCoupon(t, me.accountId, {
      type: 'open_fee',
      discountBp: 10_000,
      availableTimes: 1,
    });
    const file = await filledTemplate(me.token, [GOOD]);
    const cost = (await costOf(me.token, file, { couponId })).body.data as ImportCost;
    // The coupon is used up elsewhere between the cost and the upload: refused, nothing charged.
    await t.ctx.database.db.update(coupons).set({ availableTimes: 0 }).where(eq(coupons.id, couponId));
    const changed = await upload(me.token, file, { couponId, expectTotal: String(cost.total) });
    expect(changed.body.code).toBe(422);
    // Without the coupon the price is higher than the total shown: 409.
    const dearer = await upload(me.token, file, { expectTotal: String(cost.total) });
    expect(dearer.body.code).toBe(409);
    const stale = await upload(me.token, file, { expectTotal: String(cost.total - 1) });
    expect(stale.body).toMatchObject({ code: 409 });
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(100_000);
  });

  it('the cost step checks every row like the import: a wrong row lists its problems and costs nothing', async () => {
    const me = await funded(t, { usd: 100_000 });
    const bad = [SUBSCRIPTIONS, '10.00', 'Alan', 'Turing', '2 Main St', 'Austin', 'TX', 'ABCDE', 'US', ''];
    const wrong = await costOf(me.token, await filledTemplate(me.token, [GOOD, bad]));
    expect(wrong.body.code).toBe(422);
    // One row: singular (issue 29 item 18, was "1 rows have problems").
    expect(wrong.body.msg).toBe('1 row has problems; nothing was opened. Fix it and import the file again');
    expect((wrong.body.data as { problems: ImportProblem[] }).problems).toEqual([
      expect.objectContaining({ row: 3 }),
    ]);
    const poor = await funded(t, { usd: 1_500 });
    const short = (await costOf(poor.token, await filledTemplate(poor.token, [GOOD, GOOD]))).body
      .data as ImportCost;
    expect(short).toMatchObject({ count: 2, balance: 1_500, enough: false });
  });

  it('charges the computed price: a wallet that cannot pay is refused and nothing is opened', async () => {
    const me = await funded(t, { usd: 1_500 });
    const answer = await upload(me.token, await filledTemplate(me.token, [GOOD, GOOD]));
    expect([answer.body.code, answer.body.msg]).toEqual([422, 'Insufficient USD balance']);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
  });

  it('takes a card group (gid) and tags, checked before anything is charged: an unknown one opens nothing', async () => {
    const me = await funded(t, { usd: 100_000 });
    const before = await walletBalance(t, me.accountId, 'USD');
    const unknown = await upload(me.token, await filledTemplate(me.token, [GOOD]), { gid: 'g1' });
    expect([unknown.body.code, unknown.body.msg]).toEqual([
      400,
      'Unknown card group; please choose one from the list',
    ]);
    const stranger = await funded(t);
    const theirs = await t.api(cardGroupAdd, { name: 'Theirs' }, { token: stranger.token });
    const foreign = await upload(me.token, await filledTemplate(me.token, [GOOD]), {
      gid: (theirs.body.data as { id: string }).id,
    });
    expect(foreign.body.code).toBe(400);
    const badTag = await upload(me.token, await filledTemplate(me.token, [GOOD]), { tagIds: 'nope' });
    expect([badTag.body.code, badTag.body.msg]).toEqual([
      400,
      'Unknown tag; please choose one from the list',
    ]);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
    expect(await walletBalance(t, me.accountId, 'USD')).toBe(before);

    const group = (await t.api(cardGroupAdd, { name: 'Imported' }, { token: me.token })).body.data as {
      id: string;
    };
    const tag = (await t.api(tagAdd, { name: 'excel' }, { token: me.token })).body.data as { id: string };
    const answer = await upload(me.token, await filledTemplate(me.token, [GOOD, GOOD]), {
      gid: group.id,
      tagIds: tag.id,
    });
    expect(answer.body.code).toBe(200);
    const opened = await cardsOf(t, me.accountId);
    expect(opened).toHaveLength(2);
    const members = await t.ctx.database.db
      .select()
      .from(cardGroupMembers)
      .where(eq(cardGroupMembers.groupId, group.id));
    expect(members.map((m) => m.cardId).sort()).toEqual(opened.map((c) => c.id).sort());
    const tagged = await t.ctx.database.db.select().from(cardTags).where(eq(cardTags.tagId, tag.id));
    expect(tagged).toHaveLength(2);
  });

  it('checks the file by its content and size, and the sheet by its header and rows', async () => {
    const me = await funded(t, { usd: 100_000 });
    const say = async (file: Uint8Array<ArrayBuffer>, name = 'cards.xlsx') => {
      const answer = await upload(me.token, file, {}, idempotency(), name);
      return [answer.body.code, answer.body.msg];
    };
    // A CSV renamed .xlsx is not a spreadsheet.
    expect(await say(new TextEncoder().encode('segment,amount\nvisa-428837,10\n'))).toEqual([
      400,
      'Please upload an Excel .xlsx file made from the template',
    ]);
    // A zip that is not a workbook.
    expect(await say(zipWithOnePart(10))).toEqual([400, 'The file could not be read as an Excel workbook']);
    // A small archive that claims to expand to 30 MB.
    expect(await say(zipWithOnePart(30 * 1024 * 1024))).toEqual([
      413,
      'The file is too large (at most 200 KB)',
    ]);
    // Over the size limit.
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await say(big)).toEqual([413, 'The file is too large (at most 200 KB)']);
    // The header only.
    expect(await say(await filledTemplate(me.token, []))).toEqual([400, 'The file has no card rows']);
    // Another spreadsheet.
    const other = new ExcelJS.Workbook();
    other.addWorksheet('Sheet1').addRow(['name', 'amount']);
    other.worksheets[0]!.addRow(['x', 1]);
    expect(await say(new Uint8Array(await other.xlsx.writeBuffer()))).toEqual([
      400,
      "The first sheet does not have the template's columns; please download the template and fill it in",
    ]);
    // 501 rows.
    const many = await filledTemplate(
      me.token,
      Array.from({ length: 501 }, () => GOOD),
    );
    expect(await say(many)).toEqual([400, 'At most 500 cards per import']);
    expect(await cardsOf(t, me.accountId)).toHaveLength(0);
  });
});

/**
 * A zip archive with one stored part whose central directory declares `declaredSize` uncompressed
 * bytes (the part itself holds 10 bytes): enough for the archive checks, not a workbook.
 */
function zipWithOnePart(declaredSize: number): Uint8Array<ArrayBuffer> {
  const name = Buffer.from('data.bin');
  const data = Buffer.alloc(10);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, data, central, name, end]));
}
