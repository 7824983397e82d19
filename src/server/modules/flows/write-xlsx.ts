/**
 * The XLSX export through exceljs's streaming writer: each row is committed (serialised and handed
 * to the zip stream) as soon as it is added, so the workbook never exists in memory as a whole.
 * Inline strings instead of a shared-string table for the same reason: the table would grow with
 * every distinct description until the end. Money cells are numbers with a two-decimal format.
 */
import type ExcelJS from 'exceljs';
import { minorDigits } from '../../../contract/minor-units';
import type { ByteSink } from './byte-sink';
import type { Cell, ExportText } from './export-cells';
import type { FlowRecord } from './flow-query';

/**
 * One style object per kind of cell, shared by every cell: exceljs remembers the style id of an
 * object it has seen, while a fresh style per cell is serialised and looked up again each time
 * (measured: 100,000 rows in 1.3 s of CPU instead of 3.1 s).
 */
const MONEY_STYLE: Partial<ExcelJS.Style> = { numFmt: '0.00' };
/** Yen and won have no minor unit (ISO 4217): whole numbers. */
const WHOLE_MONEY_STYLE: Partial<ExcelJS.Style> = { numFmt: '0' };
const TIME_STYLE: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd hh:mm:ss' };
const TEXT_STYLE: Partial<ExcelJS.Style> = {};
/** Asia/Shanghai has no daylight saving: a date cell holds the UTC+8 wall time (the header says so). */
const PRODUCT_OFFSET_MS = 8 * 3600_000;

/** An absent value (no card serial, no label) is an empty cell rather than an empty string. */
function valueOf(cell: Cell): ExcelJS.CellValue {
  if ('minor' in cell) return cell.minor / 10 ** minorDigits(cell.currency ?? 'CNY');
  if ('time' in cell) return new Date(cell.time.getTime() + PRODUCT_OFFSET_MS);
  if ('digits' in cell) return cell.digits || null;
  return cell.text || null;
}

function styleOf(cell: Cell): Partial<ExcelJS.Style> {
  if ('minor' in cell) return minorDigits(cell.currency ?? 'CNY') === 0 ? WHOLE_MONEY_STYLE : MONEY_STYLE;
  if ('time' in cell) return TIME_STYLE;
  return TEXT_STYLE;
}
/** Column widths in characters, in EXPORT_COLUMNS order. */
const WIDTHS = [24, 14, 8, 14, 14, 16, 16, 44, 28, 20];

/** The parts of a (readable-stream 2) PassThrough that the brake below uses. */
interface Intake {
  _writableState: { needDrain: boolean; length: number };
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

/**
 * Where the worksheet's XML waits to be deflated. exceljs writes each sheet into a buffer that
 * archiver reads through a PassThrough (of the readable-stream package), and it fills that
 * PassThrough without waiting for it (exceljs's stream buffer ignores backpressure). Deflating is
 * slower than making rows, so without a brake the XML piles up there (measured in-process: +89 MB
 * at 100,000 rows, +219 MB at 400,000). It is an internal of exceljs 4 with archiver 5; a test
 * checks it is still found, so an upgrade that moves it fails loudly instead of quietly losing the
 * bound.
 */
export function zipIntake(sheet: ExcelJS.Worksheet): Intake | null {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const intake = pipes?.[0] as Partial<Intake> | undefined;
  return intake?._writableState && typeof intake.once === 'function' ? (intake as Intake) : null;
}

/**
 * Compressed bytes the zip writer holds for the client. archiver pushes its output on without
 * waiting either, so with a slow client the finished zip piles up inside it, not in our sink (at
 * about a twentieth of the rows' XML, but without end). Another archiver 5 internal, checked by the
 * same test.
 */
export function zipBacklog(workbook: ExcelJS.stream.xlsx.WorkbookWriter): number | null {
  const length = (workbook as unknown as { zip?: { _readableState?: { length?: unknown } } }).zip
    ?._readableState?.length;
  return typeof length === 'number' ? length : null;
}

const ZIP_BACKLOG_BYTES = 128 * 1024;

/** Resolves once the intake has passed its backlog on (or is gone). */
function drained(intake: Intake): Promise<void> {
  if (!intake._writableState.needDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['drain', 'close', 'error'] as const) intake.removeListener(event, done);
      resolve();
    };
    for (const event of ['drain', 'close', 'error'] as const) intake.once(event, done);
  });
}

export async function writeXlsx<R = FlowRecord>(
  sink: ByteSink,
  text: ExportText<R>,
  batches: AsyncIterable<R[]>,
): Promise<void> {
  // Loaded on the first export only: exceljs adds about 23 MB to the server's resident memory.
  const excel = (await import('exceljs')).default;
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: sink.nodeWritable(),
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(text.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = (text.widths ?? WIDTHS).map((width) => ({ width }));
  const header = sheet.addRow(text.headers);
  header.font = { bold: true };
  header.commit();
  for await (const rows of batches) {
    for (const record of rows) {
      const cells = text.cells(record);
      const row = sheet.addRow(cells.map(valueOf));
      cells.forEach((cell, index) => {
        row.getCell(index + 1).style = styleOf(cell);
      });
      row.commit();
    }
    // Let the zip writer catch up before the next batch is read: memory holds about one batch.
    const intake = zipIntake(sheet);
    if (intake) await drained(intake);
    // archiver says nothing when its output shrinks: look again each time the client has taken more.
    while (!sink.cancelled && (zipBacklog(workbook) ?? 0) > ZIP_BACKLOG_BYTES) await sink.taken();
  }
  // A client that went away gets no end of archive; the unfinished writer is simply dropped.
  if (sink.cancelled) return;
  sheet.commit();
  await workbook.commit();
}
