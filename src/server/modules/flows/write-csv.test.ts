import { describe, expect, it } from 'vitest';
import { ByteSink } from './byte-sink';
import type { Cell, ExportText } from './export-cells';
import { writeCsv } from './write-csv';

type Row = readonly Cell[];

/** The whole file a writer produces for these rows, as bytes and as text. */
async function written(headers: string[], rows: Row[]): Promise<{ bytes: Uint8Array; text: string }> {
  const sink = new ByteSink();
  const text: ExportText<Row> = { sheet: 'x', headers, cells: (row) => [...row] };
  const reading = new Response(sink.stream).arrayBuffer();
  await writeCsv(
    sink,
    text,
    (async function* () {
      yield rows.slice(0, 1);
      yield rows.slice(1);
    })(),
  );
  sink.close();
  const bytes = Buffer.from(await reading);
  return { bytes, text: bytes.toString('utf8') };
}

describe('the CSV writer', () => {
  it('writes a byte-order mark, CRLF line ends and RFC 4180 quoting, byte for byte', async () => {
    const { bytes, text } = await written(
      ['流水号', 'Amount'],
      [
        [{ text: 'a,b' }, { minor: -1250 }],
        [{ text: 'say "hi"\r\nbye' }, { minor: 5 }],
        [{ text: '' }, { time: new Date(Date.UTC(2026, 0, 1, 16, 30)) }],
      ],
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(
      '\uFEFF流水号,Amount\r\n"a,b",-12.50\r\n"say ""hi""\r\nbye",0.05\r\n,2026-01-02 00:30:00\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula, and only text', async () => {
    const attacks = [
      '=HYPERLINK("x")',
      '+1',
      '-1',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '\n=1',
      '＝1+1',
      '＋1',
      '－1',
      '＠A',
    ];
    const { text } = await written(
      ['x'],
      [...attacks.map((attack): Row => [{ text: attack }]), [{ minor: -100 }], [{ text: 'plain - text' }]],
    );
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")"`);
    expect(lines.slice(2, 5)).toEqual(["'+1", "'-1", "'@SUM(A1)"]);
    expect(lines[5]).toBe("'\t=1");
    expect(text).toContain(`"'\r=1"`);
    expect(text).toContain(`"'\n=1"`);
    for (const wide of ['＝1+1', '＋1', '－1', '＠A']) expect(text).toContain(`\r\n'${wide}\r\n`);
    expect(text).toContain('\r\n-1.00\r\n');
    expect(text.endsWith('\r\nplain - text\r\n')).toBe(true);
  });

  it('leaves text alone that only looks like a formula further in', async () => {
    const harmless = ['a=b', '1-2', 'mail@example.com', ' =1', '“=”', '充值'];
    const { text } = await written(
      ['x'],
      harmless.map((value): Row => [{ text: value }]),
    );
    expect(text).toBe(`\uFEFFx\r\n${harmless.join('\r\n')}\r\n`);
  });

  it('keeps leading zeros as a digits-only formula, and defuses digits that are not digits', async () => {
    const { text } = await written(['last4'], [[{ digits: '0042' }], [{ digits: '=1+1' }]]);
    expect(text).toBe('\uFEFFlast4\r\n"=""0042"""\r\n\'=1+1\r\n');
  });
});
