import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TradeRow } from '../../../contract/records';
import { authTransDown, authTransPage, refusePage, tradePage, transDown } from '../../../contract/records';
import { cardAuthorizations, operationLogs } from '../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { openTestCard } from '../../testing/cards';
import { openSession, signedInAccount } from '../../testing/signed-in';
import type { CardRow } from '../cards/card-access';
import { authorizeOnce, followUpEvent, sendEvent } from '../../testing/issuer';
import { exportTrades } from './export-trades';

const t = fileTestApp();
const me = fileSignedInAccount(t);
let first: CardRow;
let second: CardRow;
let subCard: CardRow;
/** Issuer ids by what became of them. */
const ids: Record<string, string> = {};

interface Page {
  data: TradeRow[];
  total: number;
  pageNo: number;
  pageSize: number;
}

beforeAll(async () => {
  first = await openTestCard(t, me.accountId, { balance: 100_000 });
  second = await openTestCard(t, me.accountId, { balance: 100_000, label: 'Meta ads' });
  subCard = await openTestCard(t, me.accountId, { balance: 100_000, subAccountId: 'sub-rec' });
  const step = () => t.advance(1_000);
  ids.pending = (await authorizeOnce(t, first, { amount: 1_000, merchant: 'Netflix' })).authorizationId;
  step();
  ids.completed = (await authorizeOnce(t, first, { amount: 2_000, merchant: 'Spotify' })).authorizationId;
  await sendEvent(t, followUpEvent(first, 'clearing', ids.completed, 2_000));
  step();
  ids.refunded = (await authorizeOnce(t, second, { amount: 3_000, merchant: 'Amazon' })).authorizationId;
  await sendEvent(t, followUpEvent(second, 'clearing', ids.refunded, 3_000));
  await sendEvent(t, followUpEvent(second, 'refund', ids.refunded, 500));
  step();
  ids.reversed = (await authorizeOnce(t, second, { amount: 4_000, merchant: 'Uber' })).authorizationId;
  await sendEvent(t, followUpEvent(second, 'reversal', ids.reversed, 4_000));
  step();
  ids.declined = (
    await authorizeOnce(t, first, { amount: 5_000, merchant: '=HYPERLINK("x") Casino', category: '7995' })
  ).authorizationId;
  step();
  ids.sub = (
    await authorizeOnce(t, subCard, { amount: 600, merchant: 'Notion', cvvMatched: false })
  ).authorizationId;
});

async function page(
  def: typeof authTransPage,
  input: Record<string, unknown> = {},
  token = me.token,
  lang: 'en' | 'zh-CN' = 'en',
) {
  const answer = await t.api(def, input, { token, lang });
  expect(answer.body.code).toBe(200);
  return answer.body.data as Page;
}

async function issuerIdsOf(rows: TradeRow[]): Promise<string[]> {
  const byId = new Map(Object.entries(ids).map(([name, issuerId]) => [issuerId, name]));
  const names: string[] = [];
  for (const row of rows) {
    const [auth] = await t.ctx.database.db
      .select({ issuerAuthId: cardAuthorizations.issuerAuthId })
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.id, row.id));
    names.push(byId.get(auth!.issuerAuthId) ?? '?');
  }
  return names;
}

describe('the three views', () => {
  it('authTrans lists every authorization newest first', async () => {
    const all = await page(authTransPage);
    expect(all.total).toBe(6);
    expect(await issuerIdsOf(all.data)).toEqual([
      'sub',
      'declined',
      'reversed',
      'refunded',
      'completed',
      'pending',
    ]);
    const refunded = all.data[3]!;
    expect(refunded).toMatchObject({
      cardId: second.id,
      cardSerial: second.serial,
      // The card's label: a phone's record line names the card by it (issue 34 §3).
      cardLabel: 'Meta ads',
      last4: second.last4,
      status: 'refunded',
      currency: 'USD',
      amount: 3_000,
      refunded: 500,
      merchantName: 'Amazon',
      merchantCategory: '4899',
      merchantCountry: 'US',
      declineReason: null,
      declineText: null,
    });
  });

  it('trade lists the approved ones, refuse the declined ones with the reason in the caller’s language', async () => {
    expect(await issuerIdsOf((await page(tradePage)).data)).toEqual([
      'reversed',
      'refunded',
      'completed',
      'pending',
    ]);
    const refused = await page(refusePage);
    expect(await issuerIdsOf(refused.data)).toEqual(['sub', 'declined']);
    expect(refused.data[1]).toMatchObject({
      declineReason: 'merchant_not_supported',
      declineText: 'This merchant is not supported by the card segment',
    });
    const zh = await page(refusePage, {}, me.token, 'zh-CN');
    expect(zh.data[0]?.declineText).toBe('CVV 或有效期错误');
  });

  it('pages and counts', async () => {
    const one = await page(authTransPage, { pageNo: 2, pageSize: 2 });
    expect(one.total).toBe(6);
    expect(await issuerIdsOf(one.data)).toEqual(['reversed', 'refunded']);
    expect((await page(authTransPage, { pageNo: 4, pageSize: 2 })).data).toEqual([]);
  });
});

describe('filters', () => {
  it('by card, last four digits, status, merchant and dates', async () => {
    expect(await issuerIdsOf((await page(authTransPage, { cardId: second.id })).data)).toEqual([
      'reversed',
      'refunded',
    ]);
    const byLast4 = await page(authTransPage, { last4: first.last4 });
    expect(byLast4.data.every((row) => row.last4.includes(first.last4))).toBe(true);
    expect(byLast4.data.some((row) => row.cardId === first.id)).toBe(true);
    expect(await issuerIdsOf((await page(authTransPage, { status: 'completed' })).data)).toEqual([
      'completed',
    ]);
    expect((await page(tradePage, { status: 'declined' })).data).toEqual([]);
    expect(await issuerIdsOf((await page(authTransPage, { merchant: 'spoti' })).data)).toEqual(['completed']);
    expect((await page(authTransPage, { merchant: '%' })).data).toEqual([]);
    const today = new Date(t.ctx.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await page(authTransPage, { startDate: today, endDate: today })).total).toBe(6);
    expect((await page(authTransPage, { startDate: '2001-01-01', endDate: '2001-01-02' })).total).toBe(0);
    const backwards = await t.api(
      authTransPage,
      { startDate: today, endDate: '2001-01-01' },
      { token: me.token },
    );
    expect(backwards.body.code).toBe(400);
    const badLast4 = await t.api(authTransPage, { last4: '12a' }, { token: me.token });
    expect(badLast4.body.code).toBe(400);
  });

  it('keeps a sub-account user to the cards they opened, and other accounts out', async () => {
    const sub = await openSession(t, me.accountId, 'sub-rec');
    expect(await issuerIdsOf((await page(authTransPage, {}, sub.token)).data)).toEqual(['sub']);
    const stranger = await signedInAccount(t);
    expect((await page(authTransPage, {}, stranger.token)).total).toBe(0);
    expect((await page(authTransPage, { cardId: first.id }, stranger.token)).total).toBe(0);
  });
});

async function download(
  def: typeof authTransDown,
  input: Record<string, unknown>,
  lang: 'en' | 'zh-CN' = 'en',
) {
  const res = await t.raw(def.path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${me.token}`,
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': lang,
    },
    body: new URLSearchParams(input as Record<string, string>).toString(),
  });
  return res;
}

describe('exports', () => {
  it('authTransDown as CSV: translated headers, every filtered row, money in major units, defused text', async () => {
    const res = await download(authTransDown, { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/card-authorizations-\d{8}\.csv/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC+8),Card serial,Last 4,Merchant,Category (MCC),Country,Currency,Amount,Refunded,Status,Decline reason',
    );
    expect(lines).toHaveLength(7);
    // The last four stay text with their leading zeros (a bare 0042 would open as the number 42).
    expect(lines[4]).toContain(
      `${second.serial},"=""${second.last4}""",Amazon,4899,US,USD,30.00,5.00,Refunded,`,
    );
    // The formula-looking merchant name is written as text.
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") Casino"`);
    expect(lines[2]).toContain('Declined,This merchant is not supported by the card segment');
    const secrets = JSON.parse(t.ctx.box.open(first.secrets)) as { pan: string };
    expect(text).not.toContain(secrets.pan);
  });

  it('transDown as XLSX in Chinese: only approved rows, no reason column; filters apply', async () => {
    const res = await download(transDown, { format: 'xlsx', cardId: second.id }, 'zh-CN');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/card-transactions-\d{8}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('卡交易记录');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      '时间（UTC+8）',
      '卡序号',
      '卡号后四位',
      '商户',
      '商户类别码（MCC）',
      '国家/地区',
      '币种',
      '金额',
      '已退款',
      '状态',
    ]);
    expect(rows.slice(1).map((row) => [row[3], row[7], row[8], row[9]])).toEqual([
      ['Uber', 40, 0, '已撤销'],
      ['Amazon', 30, 5, '已退款'],
    ]);
    // Times are real date cells (UTC+8 wall time); the last four a text cell.
    expect(rows.slice(1).every((row) => row[0] instanceof Date && typeof row[2] === 'string')).toBe(true);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('is audited and refuses a bad filter with the JSON envelope', async () => {
    const res = await download(authTransDown, {
      format: 'csv',
      startDate: '2030-01-02',
      endDate: '2030-01-01',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(400);
    const logged = await t.ctx.database.db
      .select({ result: operationLogs.result })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.accountId, me.accountId), eq(operationLogs.action, 'records.authTransDown')),
      );
    expect(logged.map((row) => row.result).sort()).toEqual(['failure', 'success']);
  });

  it('streams more rows than one batch', async () => {
    const response = await exportTrades(
      t.ctx,
      { accountId: me.accountId, subAccountId: null },
      'all',
      'en',
      { format: 'csv' },
      { batchSize: 2 },
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(7);
  });
});
