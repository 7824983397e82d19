/** Amounts as operators type them (major units, a rate in percent) and back to the contract's units. */

/** "12.5" → 1250 minor units; null when it is not a plain amount of at most two decimals. */
export function minorFrom(text: string): number | null {
  const clean = text.trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', part = ''] = clean.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** "1.5" (percent) → 150 basis points; null unless 0–100 with at most two decimals. */
export function bpFrom(text: string): number | null {
  const minor = minorFrom(text);
  return minor === null || minor > 10_000 ? null : minor;
}

export const majorText = (minor: number) => (minor / 100).toFixed(2);

export const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** A datetime-local value ("2026-12-01T09:00", the browser's own zone) as an instant; null if empty or bad. */
export function instantFrom(local: string): Date | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** A time in the console's language (i18n.ts keeps <html lang> on it), not the browser's. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(document.documentElement.lang || undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
