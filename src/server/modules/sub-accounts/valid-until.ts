/** The validity end of a member: an instant, or a calendar day meaning its end (UTC+8). */
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { startOfCivilDate, shiftCivilDate, ACCOUNT_TIME_ZONE } from '../account/account-calendar';

export function parseValidUntil(ctx: AppContext, text: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? startOfCivilDate(shiftCivilDate(text, 1), ACCOUNT_TIME_ZONE)
    : new Date(text);
  if (Number.isNaN(at.getTime()) || at.getTime() <= ctx.now().getTime())
    throw fail.rule('server:subAccounts.validUntilPast');
  return at;
}
