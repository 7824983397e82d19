import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCode, downGetCode } from '@contract/cards';
import { cardEvents, cards, mailOutbox } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { askForCode, signedInAccount } from '../../../testing/signed-in';
import type { CardRow } from '../card-access';
import { ownerOf } from '../card-access';
import { exportCards } from './card-export';
import { pageScope } from '../list/list-cards';
import { openCardSecrets } from '../open/store-card';
import { stepUpTicketFor } from '../../../testing/step-up';

const t = fileTestApp();
const me = fileSignedInAccount(t);
/** Oldest first. */
let mine: CardRow[];

const EN_HEADERS = [
  'Card serial',
  'Card segment',
  'Holder',
  'Currency',
  'Balance',
  'Consumption',
  'Status',
  'Label',
  'Last 4 digits',
];

beforeAll(async () => {
  const other = await signedInAccount(t);
  await openTestCard(t, other.accountId, { balance: 100 });
  mine = [
    await openTestCard(t, me.accountId, { balance: 1_234, label: '=HYPERLINK("x")' }),
    await openTestCard(t, me.accountId),
    await openTestCard(t, me.accountId, { segmentId: 'mc-531993' }),
  ];
  for (const [index, card] of mine.entries())
    await t.ctx.database.db
      .update(cards)
      .set({ createdAt: new Date(Date.parse('2026-03-01T10:00:00+08:00') + index * 60_000) })
      .where(eq(cards.id, card.id));
  await t.ctx.database.db
    .update(cards)
    .set({ status: 'frozen', frozenBy: 'customer' })
    .where(eq(cards.id, mine[1]!.id));
});

/** A full export gets a fresh `card_export_full` step-up unless the query brings its own (or `stepUpTicket: ''`). */
async function download(query: Record<string, string>, lang: 'en' | 'zh-CN' = 'en', token = me.token) {
  if (query.full === '1' && !('stepUpTicket' in query))
    query = { ...query, stepUpTicket: await stepUpTicketFor(t, token, 'card_export_full') };
  if (query.stepUpTicket === '') delete query.stepUpTicket;
  return t.raw(`/api/card/cardDown?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
}

/** The CSV's rows as cells (the tests' values hold no commas or quotes but the label's). */
async function csvRows(response: Response): Promise<string[][]> {
  const text = (await response.text()).replace(/^\uFEFF/, '');
  return text
    .trim()
    .split('\r\n')
    .map((line) =>
      line
        .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
        .slice(0, -1)
        .map((cell) => cell.replace(/,$/, '')),
    );
}

async function xlsxRows(response: Response): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function exportEvents(): Promise<string[]> {
  const rows = await t.ctx.database.db
    .select({ cardId: cardEvents.cardId })
    .from(cardEvents)
    .where(and(eq(cardEvents.accountId, me.accountId), eq(cardEvents.action, 'export')));
  return rows.map((row) => row.cardId).sort();
}

async function exportCode(): Promise<string> {
  return askForCode(t, downGetCode, {}, me.token, me.email);
}

describe('GET /api/card/cardDown without full numbers', () => {
  it('exports the filtered cards newest first with the last four digits only, headed in English', async () => {
    const response = await download({ format: 'csv' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="cards-\d{8}\.csv"/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const rows = await csvRows(response.clone());
    expect(rows[0]).toEqual([...EN_HEADERS, 'Opened (UTC+8)']);
    expect(rows.slice(1).map((row) => row[0])).toEqual([...mine].reverse().map((card) => card.serial));
    const oldest = rows[3]!;
    expect(oldest).toEqual([
      mine[0]!.serial,
      'Visa 428837 · Subscriptions',
      'Ada Lovelace',
      'USD',
      '12.34',
      '0.00',
      'Active',
      // Defused: a spreadsheet must not run it.
      `"'=HYPERLINK(""x"")"`,
      // Digits kept as text with their leading zeros.
      `"=""${mine[0]!.last4}"""`,
      '2026-03-01 10:00:00',
    ]);
    const text = await response.text();
    for (const card of mine) expect(text).not.toContain(openCardSecrets(t.ctx, card.secrets).pan);
    expect(await exportEvents()).toEqual([]);
  });

  it('applies the list’s filters and the caller’s language (XLSX)', async () => {
    const response = await download({ status: 'frozen' }, 'zh-CN');
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await xlsxRows(response);
    expect(rows[0]![0]).toBe('卡片编号');
    expect(rows.slice(1).map((row) => row[0])).toEqual([mine[1]!.serial]);
    expect(rows[1]![6]).toBe('已冻结');
  });

  it('refuses a reversed balance range before the first byte, as JSON', async () => {
    const response = await download({ minBalance: '5', maxBalance: '1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ msg: 'Please enter the correct balance range' });
  });
});

describe('the export code and GET /api/card/cardDown?full=1', () => {
  it('mails a 6-digit code of its own purpose', async () => {
    await exportCode();
    const [mail] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.email));
    expect(mail?.subject).toBe('Your Card Portal card export code');
  });

  it('a stolen bearer token with the mailed code but no step-up exports nothing (428), and the code survives', async () => {
    const code = await exportCode();
    const bare = await download({ full: '1', format: 'csv', code, stepUpTicket: '' });
    expect(bare.status).toBe(428);
    expect(await bare.json()).toMatchObject({ data: { stepUp: 'card_export_full' } });
    const wrongPurpose = await stepUpTicketFor(t, me.token, 'card_reveal');
    const misused = await download({ full: '1', format: 'csv', code, stepUpTicket: wrongPurpose });
    expect(misused.status).toBe(428);
    expect(await exportEvents()).toEqual([]);
    // The refusals left the code unspent.
    expect((await t.api(checkCode, { code }, { token: me.token })).body.data).toEqual({ valid: true });
  });

  it('without a code is 428 asking for it, with a wrong code 422; nothing is exported or logged', async () => {
    const missing = await download({ full: '1', format: 'csv' });
    expect(missing.status).toBe(428);
    expect(await missing.json()).toMatchObject({ data: { need: 'mailCode' } });
    const code = await exportCode();
    const wrong = await download({ full: '1', format: 'csv', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(await exportEvents()).toEqual([]);
  });

  it('checkCode tells a right code from a wrong one without spending it; the code then opens one full export', async () => {
    const code = await exportCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await t.api(checkCode, { code: wrongCode }, { token: me.token })).body.data).toEqual({
      valid: false,
    });
    expect((await t.api(checkCode, { code }, { token: me.token })).body.data).toEqual({ valid: true });
    expect((await t.api(checkCode, { code }, { token: me.token })).body.data).toEqual({ valid: true });

    const response = await download({ full: '1', code });
    expect(response.status).toBe(200);
    const rows = await xlsxRows(response);
    expect(rows[0]).toEqual([...EN_HEADERS, 'Card number', 'Expiry (MM/YY)', 'CVV', 'Opened (UTC+8)']);
    const byserial = new Map(rows.slice(1).map((row) => [row[0], row]));
    for (const card of mine) {
      const secrets = openCardSecrets(t.ctx, card.secrets);
      const row = byserial.get(card.serial)!;
      expect(row.slice(8, 12)).toEqual([
        card.last4,
        secrets.pan,
        `${String(secrets.expiryMonth).padStart(2, '0')}/${String(secrets.expiryYear % 100).padStart(2, '0')}`,
        secrets.cvv,
      ]);
    }
    // Every card exported in full is in its history.
    expect(await exportEvents()).toEqual(mine.map((card) => card.id).sort());

    // Single use: the same code opens nothing more.
    expect((await download({ full: '1', code })).status).toBe(422);
    expect((await t.api(checkCode, { code }, { token: me.token })).body.data).toEqual({ valid: false });
  });

  it('5 wrong checks kill the code, so checkCode is no way to guess it', async () => {
    const code = await exportCode();
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await t.api(checkCode, { code: wrongCode }, { token: me.token })).body.data).toEqual({
        valid: false,
      });
    expect((await t.api(checkCode, { code }, { token: me.token })).body.data).toEqual({ valid: false });
    expect((await download({ full: '1', code })).status).toBe(422);
  });
});

describe('exportCards in batches', () => {
  it('continues batch after batch without losing or repeating a card, logging each card exported in full', async () => {
    const more = [await openTestCard(t, me.accountId), await openTestCard(t, me.accountId)];
    const code = await exportCode();
    const before = (await exportEvents()).length;
    const response = await exportCards(
      t.ctx,
      ownerOf({ sessionId: 's', accountId: me.accountId, subAccountId: null }),
      pageScope({ sessionId: 's', accountId: me.accountId, subAccountId: null }).where,
      'en',
      { format: 'csv', full: '1', code },
      { ip: 'test', batchSize: 2, fullStepUp: { check: async () => null, spend: async () => null } },
    );
    const rows = await csvRows(response);
    const serials = rows.slice(1).map((row) => row[0]);
    expect(serials).toHaveLength(5);
    expect(new Set(serials)).toEqual(new Set([...mine, ...more].map((card) => card.serial)));
    expect((await exportEvents()).length - before).toBe(5);
  });
});
