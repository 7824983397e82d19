/**
 * The name of a merchant category code (MCC, ISO 18245) for people: the codes card customers meet
 * most often by their own name (`cardRecords:mcc.code.<code>`), every other code by the ISO 18245
 * range it falls in (`cardRecords:mcc.group.<group>`). Ranges, not a list of all ~800 codes: the
 * table stays small in the bundle and still names every code.
 */
import en from '@locales/en/cardRecords.json';

/** ISO 18245 ranges, by their first code; each runs up to the next one. */
const GROUPS: readonly (readonly [first: number, group: string])[] = [
  [1, 'agricultural'],
  [1500, 'contracted'],
  [3000, 'airlines'],
  [3300, 'carRental'],
  [3500, 'lodging'],
  [4000, 'transportation'],
  [4800, 'utilities'],
  [5000, 'retail'],
  [5600, 'clothing'],
  [5700, 'miscellaneous'],
  [7300, 'business'],
  [8000, 'professional'],
  [9000, 'government'],
];

/** The codes that have a name of their own (the English file is the list; zh-CN has the same keys). */
const NAMED: ReadonlySet<string> = new Set(Object.keys(en.mcc.code));

/** The translation key naming `category`, or null when it is not a 4-digit code. */
export function mccKey(category: string): string | null {
  const code = category.trim();
  if (!/^\d{4}$/.test(code)) return null;
  if (NAMED.has(code)) return `mcc.code.${code}`;
  const value = Number(code);
  let group = 'unknown';
  for (const [first, name] of GROUPS) if (value >= first) group = name;
  return `mcc.group.${group}`;
}
