/**
 * Transaction numbers customers read and quote to support: `T` + the UTC+8 date and time to the
 * second + 6 random digits, e.g. `T20261122093015483920`. Sortable by time, unguessable enough that
 * one customer cannot enumerate another's numbers, and short enough to read over the phone.
 */
import { randomDigits } from '../../lib/crypto';

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export function newTxnNumber(now: Date): string {
  const stamp = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `T${stamp}${randomDigits(6)}`;
}
