/**
 * How a member's state reads on screen. `expired` is not a status of its own on the server (a
 * member is online or frozen, and separately past their validity), but to the owner an expired
 * member is first of all expired, so it wins over `online`. Frozen wins over expired: it is what
 * the owner did on purpose.
 */
import type { SubAccountView } from '@contract/sub-accounts';
import type { TagTone } from '../../../components/ui/Tag';

export type ShownStatus = 'invited' | 'online' | 'frozen' | 'expired';

export function shownStatus(member: Pick<SubAccountView, 'status' | 'expired'>): ShownStatus {
  if (member.status === 'frozen') return 'frozen';
  if (member.expired) return 'expired';
  return member.status;
}

export const STATUS_TONE: Readonly<Record<ShownStatus, TagTone>> = {
  invited: 'info',
  online: 'ok',
  frozen: 'bad',
  expired: 'warn',
};

const DAY_MS = 86_400_000;

/** Whole days until the validity ends (0 on its last day), or null once it has ended. */
export function daysLeft(validUntil: string, now: number = Date.now()): number | null {
  const end = Date.parse(validUntil);
  if (Number.isNaN(end) || end <= now) return null;
  return Math.floor((end - now) / DAY_MS);
}

/** The validity end moved `months` on from today or from the current end, whichever is later. */
export function extendedBy(validUntil: string, months: number, now: number = Date.now()): string {
  const current = Date.parse(validUntil);
  const from = new Date(Number.isNaN(current) ? now : Math.max(current, now));
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + months);
  // Months of unequal length: 31 January + 1 month is the last day of February, not 3 March.
  if (to.getUTCDate() !== from.getUTCDate()) to.setUTCDate(0);
  return to.toISOString();
}

/** A member's display name: the nickname, else the e-mail. */
export function memberName(member: Pick<SubAccountView, 'nickname' | 'email'>): string {
  return member.nickname.trim() || member.email;
}
