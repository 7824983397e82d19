import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowRow } from '../../../contract/finance';
import { flowPage } from '../../../contract/finance';
import { operationLogs } from '../../db/schema';
import type { Fields } from '../../lib/logger';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { SignedInAccount } from '../../testing/signed-in';
import { signedInAccount } from '../../testing/signed-in';
import { exportFlows } from './export-flows';
import type { History } from '../../testing/flows';
import { postAt, postHistory } from '../../testing/flows';

let t: TestApp;
let me: SignedInAccount;
let history: History;

const EN_HEADERS = [
  'Transaction number',
  'Type',
  'Currency',
  'Amount',
  'Balance after',
  'Card serial',
  'Label',
  'Description',
  'Reference',
  'Time (UTC+8)',
];
const EN_TYPES: Record<string, string> = {
  topup: 'Top-up',
  fee: 'Fee',
  card_recharge: 'Card top-up',
  card_refund: 'Card refund',
};
const INJECTIONS = ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1:A2)', '\t=1+1'];

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInAccount(t);
  history = await postHistory(t, me.accountId);
  const other = await signedInAccount(t);
  await postAt(t, other.accountId, '2026-03-01T10:00:00+08:00', 'topup', [
    { currency: 'CNY', amount: 7_000, type: 'topup', description: 'not yours' },
  ]);
});
afterAll(async () => t.close());

type Filter = Record<string, string>;

function download(
  filter: Filter,
  options: { token?: string; lang?: 'en' | 'zh-CN' } = {},
): Promise<Response> {
  const query = new URLSearchParams(filter).toString();
  return t.raw(`/api/account/flowDown${query ? `?${query}` : ''}`, {
    headers: {
      authorization: `Bearer ${options.token ?? me.token}`,
      'accept-language': options.lang ?? 'en',
    },
  });
}

async function pageRows(filter: Filter, token = me.token, lang: 'en' | 'zh-CN' = 'en'): Promise<FlowRow[]> {
  const answer = await t.api(flowPage, { pageSize: 100, ...filter }, { token, lang });
  expect(answer.body.code).toBe(200);
  return (answer.body.data as { data: FlowRow[] }).data;
}

/** What each file row must say for a flowPage row (English, UTC+8 wall-clock time). */
function expectedCells(row: FlowRow, types = EN_TYPES): (string | number | null)[] {
  const local = new Date(Date.parse(row.createdAt) + 8 * 3600_000).toISOString();
  return [
    row.txnNo,
    types[row.type] ?? row.type,
    row.currency,
    row.amount / 100,
    row.balance / 100,
    row.cardSerial,
    row.label,
    row.summary || null,
    row.description || null,
    `${local.slice(0, 10)} ${local.slice(11, 19)}`,
  ];
}

async function readXlsx(res: Response): Promise<{ rows: (string | number | null)[][]; formats: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: (string | number | null)[][] = [];
  const formats: string[] = [];
  sheet.eachRow((row) => {
    const cells: (string | number | null)[] = [];
    for (let column = 1; column <= 10; column++) {
      const cell = row.getCell(column);
      const value = cell.value;
      // Times are date cells holding the UTC+8 wall time: read back as that wall time's text.
      if (value instanceof Date) cells.push(value.toISOString().slice(0, 19).replace('T', ' '));
      else cells.push(value === undefined || value === null ? null : (value as string | number));
      if (row.number > 1 && (column === 4 || column === 5)) formats.push(cell.numFmt);
    }
    rows.push(cells);
  });
  return { rows, formats };
}

/** RFC 4180: fields separated by commas, records by CRLF, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error('CSV does not end with CRLF');
  return records;
}

async function readCsv(res: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3)));
}

/** The CSV spelling of expectedCells: amounts with two decimals, empty fields for nothing. */
function csvCells(row: FlowRow, types = EN_TYPES): string[] {
  return expectedCells(row, types).map((cell, index) =>
    index === 3 || index === 4 ? (cell as number).toFixed(2) : cell === null ? '' : String(cell),
  );
}

describe('GET /api/account/flowDown', () => {
  it('streams an XLSX of exactly the flowPage rows, with numeric money cells and the file headers', async () => {
    const res = await download({});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const day = new Date(t.ctx.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="flow-${day}.xlsx"; filename*=UTF-8''flow-${day}.xlsx`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { rows, formats } = await readXlsx(res);
    expect(rows[0]).toEqual(EN_HEADERS);
    expect(rows.slice(1)).toEqual((await pageRows({})).map((row) => expectedCells(row)));
    expect(rows.slice(1).map((row) => row[0])).toEqual(history.rows.map((row) => row.txnNo));
    expect(formats.every((format) => format === '0.00')).toBe(true);
  });

  it('exports only the filtered rows, the same ones flowPage lists, in XLSX and CSV', async () => {
    const filters: Filter[] = [
      { currency: 'CNY' },
      { startDate: '2026-03-01', endDate: '2026-03-01' },
      { type: 'topup', currency: 'CNY' },
      { txnNo: history.txn.B },
      { cardSerial: 'C002' },
      { startDate: '2026-03-03' },
    ];
    for (const filter of filters) {
      const listed = await pageRows(filter);
      const xlsx = await readXlsx(await download(filter));
      expect(xlsx.rows.slice(1), JSON.stringify(filter)).toEqual(listed.map((row) => expectedCells(row)));
      const csv = await readCsv(await download({ ...filter, format: 'csv' }));
      expect(csv.slice(1), JSON.stringify(filter)).toEqual(listed.map((row) => csvCells(row)));
    }
  });

  it('answers a filter that finds nothing with a file of headers only (docs/decisions.md)', async () => {
    const filter: Filter = { txnNo: 'T-NOTHING-MATCHES' };
    expect(await pageRows(filter)).toEqual([]);
    const res = await download({ ...filter, format: 'csv' });
    expect(res.status).toBe(200);
    expect(await readCsv(res)).toEqual([EN_HEADERS]);
  });

  it('streams a UTF-8 CSV with a byte-order mark, RFC 4180 quoting and signed two-decimal amounts', async () => {
    const res = await download({ format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="flow-\d{8}\.csv"; filename\*=/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const records = await readCsv(res);
    expect(records[0]).toEqual(EN_HEADERS);
    expect(records.slice(1)).toEqual((await pageRows({})).map((row) => csvCells(row)));
    // C: -10,000 minor units; B's fee: -300.
    expect(records.find((r) => r[0] === history.txn.C)?.slice(3, 5)).toEqual(['-100.00', '407.00']);
    expect(records.find((r) => r[1] === 'Fee')?.slice(3, 5)).toEqual(['-3.00', '507.00']);
  });

  it('writes the headers and type names in Chinese for zh-CN', async () => {
    const zhTypes = { topup: '充值', fee: '手续费', card_recharge: '卡充值', card_refund: '卡退款' };
    const xlsx = await readXlsx(await download({}, { lang: 'zh-CN' }));
    expect(xlsx.rows[0]).toEqual([
      '交易流水号',
      '类型',
      '币种',
      '金额',
      '变动后余额',
      '卡序号',
      '备注',
      '说明',
      '参考信息',
      '时间（UTC+8）',
    ]);
    expect(xlsx.rows.slice(1)).toEqual(
      (await pageRows({}, me.token, 'zh-CN')).map((row) => expectedCells(row, zhTypes)),
    );
    const csv = await readCsv(await download({ format: 'csv' }, { lang: 'zh-CN' }));
    expect(csv[0]).toEqual(xlsx.rows[0]);
    expect(csv.slice(1).map((r) => r[1])).toEqual(['卡退款', '充值', '卡充值', '手续费', '充值', '充值']);
  });

  it('neutralises text cells a spreadsheet would run as formulas, and only text cells', async () => {
    const someone = await signedInAccount(t);
    await postAt(
      t,
      someone.accountId,
      '2026-04-01T09:00:00+08:00',
      'topup',
      INJECTIONS.map((description) => ({ currency: 'CNY', amount: 1_000, type: 'topup', description })),
    );
    await postAt(t, someone.accountId, '2026-04-01T10:00:00+08:00', 'card_recharge', [
      {
        currency: 'CNY',
        amount: -2_500,
        type: 'card_recharge',
        description: 'plain',
        cardSerial: '=1+1',
        label: '@label',
      },
    ]);
    const defused = (text: string) => `'${text}`;

    // XLSX: string cells never run as formulas, so the text is kept exactly as it was written.
    const xlsx = await readXlsx(await download({}, { token: someone.token }));
    const [spend, ...topups] = xlsx.rows.slice(1);
    // The sentence (column 8) of a reference no rule reads is the reference itself (column 9).
    expect(topups.map((row) => row[7])).toEqual([...INJECTIONS].reverse());
    expect(topups.map((row) => row[8])).toEqual([...INJECTIONS].reverse());
    expect(spend!.slice(3, 9)).toEqual([-25, 25, '=1+1', '@label', 'Recharge of card =1+1', 'plain']);
    expect(typeof spend![3]).toBe('number');

    const csv = await readCsv(await download({ format: 'csv' }, { token: someone.token }));
    const [csvSpend, ...csvTopups] = csv.slice(1);
    expect(csvTopups.map((row) => row[7])).toEqual([...INJECTIONS].reverse().map(defused));
    expect(csvTopups.map((row) => row[8])).toEqual([...INJECTIONS].reverse().map(defused));
    // The negative amount is a number written by the server, not text: it keeps its minus sign bare.
    expect(csvSpend!.slice(3, 9)).toEqual([
      '-25.00',
      '25.00',
      defused('=1+1'),
      defused('@label'),
      'Recharge of card =1+1',
      'plain',
    ]);
  });

  it('answers the JSON envelope, not a file, when the filters are wrong', async () => {
    const reversed = await download({ startDate: '2026-03-02', endDate: '2026-03-01' }, { lang: 'zh-CN' });
    expect(reversed.status).toBe(400);
    expect(reversed.headers.get('content-type')).toMatch(/application\/json/);
    expect(reversed.headers.get('content-disposition')).toBeNull();
    expect(await reversed.json()).toMatchObject({
      code: 400,
      msg: '开始日期不能晚于结束日期',
      path: '/api/account/flowDown',
    });
    const format = await download({ format: 'pdf' });
    expect(format.status).toBe(400);
    expect(await format.json()).toMatchObject({ code: 400, data: { fields: ['format'] } });
    const anonymous = await t.raw('/api/account/flowDown');
    expect(anonymous.status).toBe(401);
  });

  it('writes an operation-log row for every export', async () => {
    const someone = await signedInAccount(t);
    await (await download({ format: 'csv' }, { token: someone.token })).arrayBuffer();
    await (
      await download({ startDate: '2026-03-02', endDate: '2026-03-01' }, { token: someone.token })
    ).text();
    const logs = await t.ctx.database.db
      .select({ result: operationLogs.result, code: operationLogs.code })
      .from(operationLogs)
      .where(
        and(eq(operationLogs.accountId, someone.accountId), eq(operationLogs.action, 'finance.flowDown')),
      );
    expect(logs.map((log) => `${log.result}:${log.code}`).sort()).toEqual(['failure:400', 'success:200']);
  });
});

describe('exportFlows across batches', () => {
  it('keyset-reads batch after batch without losing or repeating a row (ties on time included)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      for (const batchSize of [1, 2, 4]) {
        const res = await exportFlows(t.ctx, me.accountId, 'en', { format }, { batchSize });
        const fileRows =
          format === 'csv'
            ? (await readCsv(res)).slice(1).map((row) => row[0])
            : (await readXlsx(res)).rows.slice(1).map((row) => row[0]);
        expect(fileRows, `${format} by ${batchSize}`).toEqual(history.rows.map((row) => row.txnNo));
      }
    }
  });

  it('breaks the transfer when the database fails after the first byte, never ending a short file', async () => {
    const db = t.ctx.database.db;
    let reads = 0;
    const failing = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
        return (...args: Parameters<typeof db.execute>) => {
          reads += 1;
          if (reads > 2) return Promise.reject(new Error('connection lost'));
          return target.execute(...args);
        };
      },
    });
    const quiet = {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    };
    const ctx = { ...t.ctx, log: quiet, database: { ...t.ctx.database, db: failing } };
    for (const format of ['csv', 'xlsx'] as const) {
      reads = 0;
      const res = await exportFlows(ctx, me.accountId, 'en', { format }, { batchSize: 1 });
      expect(res.status).toBe(200);
      await expect(res.arrayBuffer()).rejects.toThrow();
    }
  });

  for (const how of ['cancels the body', 'hangs up (request aborted)'] as const) {
    it(`stops reading when the client ${how}`, async () => {
      const messages: [string, Fields | undefined][] = [];
      const log = {
        debug: () => undefined,
        info: (msg: string, fields?: Fields) => messages.push([msg, fields]),
        warn: () => undefined,
        error: (msg: string, fields?: Fields) => messages.push([msg, fields]),
      };
      const request = new AbortController();
      const res = await exportFlows(
        { ...t.ctx, log },
        me.accountId,
        'en',
        { format: 'csv' },
        { batchSize: 1, signal: request.signal },
      );
      // Behind the compression middleware the body is piped on and never cancelled: only the
      // request's abort signal tells that the client is gone.
      if (how === 'cancels the body') await res.body!.cancel();
      else request.abort();
      await expect.poll(() => messages.length).toBe(1);
      const [msg, fields] = messages[0]!;
      expect(msg).toBe('flow export cancelled by the client');
      expect(fields!.rows).toBeLessThan(history.rows.length);
    });
  }
});
