/**
 * How old saved data is, in words: "just now", "5 min ago", "today 14:02 UTC+8",
 * "yesterday 14:02 UTC+8", "2026-11-18 14:02 UTC+8". Days and clock times are the product's
 * (UTC+8, product-time.ts) and say so, like every time the product shows. The words come from
 * the shared widgets texts (`widgets:savedAge.*`), so every page that shows saved data — the home
 * figures, the card list, the offline banner — dates it the same way.
 */
import { PRODUCT_ZONE, productDateTime, productToday } from './product-time';

const MINUTE = 60_000;
const DAY = 86_400_000;

export type SavedAge =
  | { key: 'justNow' }
  | { key: 'minutes'; count: number }
  | { key: 'today' | 'yesterday' | 'date'; time: string };

/** The age of data saved at `savedAt` (epoch ms), seen at `now`. */
export function savedAgeOf(savedAt: number, now: number): SavedAge {
  const elapsed = now - savedAt;
  // A device clock set back makes "saved in the future": it was surely saved moments ago.
  if (elapsed < MINUTE) return { key: 'justNow' };
  if (elapsed < 60 * MINUTE) return { key: 'minutes', count: Math.floor(elapsed / MINUTE) };
  const when = productDateTime(new Date(savedAt).toISOString());
  const [day = '', clock = ''] = when.split(' ');
  if (day === productToday(now)) return { key: 'today', time: `${clock} ${PRODUCT_ZONE}` };
  if (day === productToday(now - DAY)) return { key: 'yesterday', time: `${clock} ${PRODUCT_ZONE}` };
  return { key: 'date', time: `${when} ${PRODUCT_ZONE}` };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The age in the UI language; `t` translates `widgets:` keys. */
export function formatSavedAge(savedAt: number, now: number, t: Translate): string {
  const age = savedAgeOf(savedAt, now);
  return age.key === 'justNow'
    ? t('widgets:savedAge.justNow')
    : age.key === 'minutes'
      ? t('widgets:savedAge.minutes', { count: age.count })
      : t(`widgets:savedAge.${age.key}`, { time: age.time });
}
