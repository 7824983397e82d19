/**
 * Order numbers, also sent to the channel: `R` + the UTC+8 date and time to the second + 6 random
 * digits, e.g. `R20261122093015483920` — sortable, readable over the phone, not enumerable.
 */
import { randomDigits } from '../../../lib/crypto';

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export function newOrderNumber(now: Date): string {
  const stamp = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `R${stamp}${randomDigits(6)}`;
}
