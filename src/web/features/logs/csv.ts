/** The logs' CSV files: one line per entry, the sign-ins with the device as the server parsed it. */
import { productDateTime } from '../../lib/product-time';
import type { LoginEntry } from './login-entry';
import { deviceLabel } from './login-entry';

type T = (key: string) => string;

/** One CSV line, each cell quoted; a leading formula character is defused for spreadsheets. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => `"${(/^[=+\-@]/.test(cell) ? `'${cell}` : cell).replace(/"/g, '""')}"`)
    .join(',');
}

/** The sign-ins as lines: the parsed device and its "new device" mark, never the raw string. */
export function loginCsvLines(t: T, entries: readonly LoginEntry[]): string[] {
  return [
    csvLine([t('time'), t('device'), t('newDevice'), t('where'), t('method'), t('resultLabel')]),
    ...entries.map((r) =>
      csvLine([
        productDateTime(r.createdAt),
        deviceLabel(t, r),
        r.newDevice ? t('newDevice') : '',
        r.ip,
        t(`methods.${r.method}`),
        t(`result.${r.result}`),
      ]),
    ),
  ];
}
