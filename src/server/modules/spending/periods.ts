/**
 * The periods spending is counted in (issue 33): the day and month of the account calendar
 * (account/account-calendar.ts: Asia/Shanghai, accounts have no zone setting yet) and the lifetime.
 * Counter keys: `day:YYYY-MM-DD`, `month:YYYY-MM`, `life`; subjects `card:<id>`, `group:<id>`.
 */
import { ACCOUNT_TIME_ZONE, civilDate } from '../account/account-calendar';

export const SPEND_TIME_ZONE = ACCOUNT_TIME_ZONE;

export interface SpendPeriods {
  /** `YYYY-MM-DD` in the account calendar. */
  day: string;
  /** `YYYY-MM`. */
  month: string;
}

export function periodsAt(instant: Date): SpendPeriods {
  const day = civilDate(instant, SPEND_TIME_ZONE);
  return { day, month: day.slice(0, 7) };
}

/** The periods of a stored `spend_day`. */
export function periodsOfDay(day: string): SpendPeriods {
  return { day, month: day.slice(0, 7) };
}

export const dayKey = (p: SpendPeriods): string => `day:${p.day}`;
export const monthKey = (p: SpendPeriods): string => `month:${p.month}`;
export const LIFE_KEY = 'life';

export const cardSubject = (cardId: string): string => `card:${cardId}`;
export const groupSubject = (groupId: string): string => `group:${groupId}`;
