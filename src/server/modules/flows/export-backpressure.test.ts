import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ByteSink } from './byte-sink';
import { exportText } from './export-cells';
import type { FlowRecord } from './flow-query';
import { writeCsv } from './write-csv';
import { writeXlsx, zipBacklog, zipIntake } from './write-xlsx';

function batch(n: number): FlowRecord[] {
  return Array.from({ length: 2_000 }, (_, i) => ({
    id: n * 2_000 + i,
    txnNo: `T20260301000000${String(i).padStart(6, '0')}`,
    type: 'topup',
    currency: 'CNY',
    amount: 50_000,
    balance: 1_000_000 + i,
    cardSerial: null,
    label: null,
    description: `WeChat Pay ${n}-${i}`,
    createdAt: new Date(Date.UTC(2026, 2, 1) - (n * 2_000 + i) * 1_000),
  }));
}

/** Batches for as long as the writer asks for them (until the client goes away), as from a database. */
async function* endless(sink: ByteSink, pulled: { count: number }): AsyncGenerator<FlowRecord[]> {
  while (!sink.cancelled) {
    await new Promise((r) => setImmediate(r));
    pulled.count += 1;
    yield batch(pulled.count);
  }
}

/** The number of batches pulled once it has stopped changing for a while (or after 10 s). */
async function settledCount(pulled: { count: number }): Promise<number> {
  let last = -1;
  for (let waited = 0; waited < 10_000 && pulled.count !== last; waited += 400) {
    last = pulled.count;
    await new Promise((r) => setTimeout(r, 400));
  }
  return pulled.count;
}

describe('streamed exports with a client that does not read', () => {
  for (const [format, write] of [
    ['CSV', writeCsv],
    ['XLSX', writeXlsx],
  ] as const) {
    it(`${format}: stops pulling rows once the client is behind, and stops for good when it goes away`, async () => {
      const sink = new ByteSink();
      const pulled = { count: 0 };
      const writing = write(sink, exportText('en'), endless(sink, pulled));
      // Nobody reads the body: the writer must come to a halt after a few batches, not read on
      // (each batch is 2,000 rows, about 1.5 MB of XML or 170 KB of CSV).
      const halted = await settledCount(pulled);
      expect(halted).toBeLessThan(12);
      await sink.stream.cancel();
      await writing;
      expect(pulled.count).toBeLessThanOrEqual(halted + 1);
    });
  }
});

describe('zipIntake and zipBacklog', () => {
  it('find where exceljs and archiver queue the sheet for the zip and the zip for the client (internals)', () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
    });
    const sheet = workbook.addWorksheet('flows');
    sheet.addRow(['x']).commit();
    expect(zipIntake(sheet)).not.toBeNull();
    expect(zipBacklog(workbook)).toEqual(expect.any(Number));
  });
});
