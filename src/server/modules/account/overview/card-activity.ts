/**
 * The figures behind the overview, as three grouped aggregates over the window (the overview sits on
 * the home page, so no per-day round trips):
 *
 * - cards by status (one GROUP BY over the account's cards);
 * - spend per civil day and currency: approved authorizations (pending, completed, refunded) net of
 *   what was refunded, counted on the day of the authorization; declined and reversed ones moved no
 *   money and count nothing;
 * - top-ups per civil day and currency: for the account, the credits of its wallets from outside
 *   (ledger flow types `topup` and `transfer_in`, before fees); a sub-account user has no wallet, so
 *   for them it is the money loaded onto the cards they opened (`card_open`, `card_recharge`).
 *
 * Days are those of the account calendar (UTC+8). The month's figures are the sum of its days, so
 * one read covers both windows.
 */
import type { SQL } from 'drizzle-orm';
import { and, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { currencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { cardAuthorizations, cards, ledgerEntries } from '../../../db/schema';
import type { CurrencyAmounts } from '../../wallet/currency-amounts';
import { zeroAmounts } from '../../wallet/currency-amounts';
import type { OverviewWindow } from '../account-calendar';
import { ACCOUNT_TIME_ZONE, civilDate } from '../account-calendar';

/** Whose activity: the whole account, or only the cards of one sub-account user. */
export interface ActivityScope {
  accountId: string;
  subAccountId: string | null;
}

export interface CardCounts {
  total: number;
  active: number;
  frozen: number;
  deleted: number;
}

export interface DayActivity {
  spend: CurrencyAmounts;
  topUp: CurrencyAmounts;
}

export interface CardActivity {
  cards: CardCounts;
  /** From `window.monthStart` to `window.until`. */
  monthSpend: CurrencyAmounts;
  monthTopUp: CurrencyAmounts;
  /** By civil date (`YYYY-MM-DD` in the account calendar) from `window.from`; quiet days may be absent. */
  byDay: Map<string, DayActivity>;
}

export async function loadCardActivity(
  ctx: AppContext,
  scope: ActivityScope,
  window: OverviewWindow,
): Promise<CardActivity> {
  const db = ctx.database.db;
  // The month can begin before the chart's first day (on the 31st), so read from the earlier one.
  const since = window.monthStart < window.from ? window.monthStart : window.from;
  const [statusRows, spendRows, topUpRows] = await Promise.all([
    db.select({ status: cards.status, n: count() }).from(cards).where(cardsOf(scope)).groupBy(cards.status),
    dailySpend(db, scope, since, window.until),
    scope.subAccountId
      ? dailyCardLoads(db, scope, since, window.until)
      : dailyTopUps(db, scope.accountId, since, window.until),
  ]);

  const counts: CardCounts = { total: 0, active: 0, frozen: 0, deleted: 0 };
  for (const row of statusRows) {
    counts[row.status] += row.n;
    counts.total += row.n;
  }

  const monthFirstDay = civilDate(window.monthStart);
  const monthSpend = zeroAmounts();
  const monthTopUp = zeroAmounts();
  const byDay = new Map<string, DayActivity>();
  const dayOf = (date: string) => {
    let day = byDay.get(date);
    if (!day) {
      day = { spend: zeroAmounts(), topUp: zeroAmounts() };
      byDay.set(date, day);
    }
    return day;
  };
  const add = (rows: DailySum[], pick: (day: DayActivity) => CurrencyAmounts, month: CurrencyAmounts) => {
    for (const row of rows) {
      const currency = currencyCode.safeParse(row.currency);
      if (!currency.success) continue;
      const day = pick(dayOf(row.day));
      day[currency.data] = (day[currency.data] ?? 0) + row.total;
      if (row.day >= monthFirstDay) month[currency.data] = (month[currency.data] ?? 0) + row.total;
    }
  };
  add(spendRows, (day) => day.spend, monthSpend);
  add(topUpRows, (day) => day.topUp, monthTopUp);
  return { cards: counts, monthSpend, monthTopUp, byDay };
}

interface DailySum {
  day: string;
  currency: string;
  total: number;
}

function cardsOf(scope: ActivityScope): SQL {
  const own = eq(cards.accountId, scope.accountId);
  return scope.subAccountId ? and(own, eq(cards.subAccountId, scope.subAccountId))! : own;
}

/**
 * `YYYY-MM-DD` of a timestamp column in the account calendar. The zone is written into the SQL as a
 * literal (a constant of ours, checked), not a parameter: the same expression appears in the select
 * list and in GROUP BY, and two parameters would be two different expressions to PostgreSQL.
 */
if (!/^[A-Za-z_/+-]+$/.test(ACCOUNT_TIME_ZONE)) throw new Error(`unexpected time zone ${ACCOUNT_TIME_ZONE}`);
const ZONE_LITERAL = `'${ACCOUNT_TIME_ZONE}'`;
function civilDay(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone ${sql.raw(ZONE_LITERAL)}, 'YYYY-MM-DD')`;
}

async function dailySpend(db: Executor, scope: ActivityScope, since: Date, until: Date): Promise<DailySum[]> {
  const a = cardAuthorizations;
  const day = civilDay(a.createdAt);
  const conditions = [
    eq(a.accountId, scope.accountId),
    gte(a.createdAt, since),
    lte(a.createdAt, until),
    inArray(a.status, ['pending', 'completed', 'refunded']),
  ];
  if (scope.subAccountId) conditions.push(eq(a.subAccountId, scope.subAccountId));
  return db
    .select({
      day,
      currency: a.currency,
      total: sql<number>`sum(${a.amount} - ${a.refunded})`.mapWith(Number),
    })
    .from(a)
    .where(and(...conditions))
    .groupBy(day, a.currency);
}

async function dailyTopUps(db: Executor, accountId: string, since: Date, until: Date): Promise<DailySum[]> {
  const e = ledgerEntries;
  const day = civilDay(e.createdAt);
  return db
    .select({ day, currency: e.currency, total: sql<number>`sum(${e.amount})`.mapWith(Number) })
    .from(e)
    .where(
      and(
        eq(e.accountId, accountId),
        gte(e.createdAt, since),
        lte(e.createdAt, until),
        inArray(e.type, ['topup', 'transfer_in']),
        gt(e.amount, 0),
      ),
    )
    .groupBy(day, e.currency);
}

async function dailyCardLoads(
  db: Executor,
  scope: ActivityScope,
  since: Date,
  until: Date,
): Promise<DailySum[]> {
  const e = ledgerEntries;
  const day = civilDay(e.createdAt);
  return db
    .select({ day, currency: e.currency, total: sql<number>`sum(${e.amount})`.mapWith(Number) })
    .from(e)
    .innerJoin(cards, eq(cards.ledgerAccountId, e.ledgerAccountId))
    .where(
      and(
        cardsOf(scope),
        gte(e.createdAt, since),
        lte(e.createdAt, until),
        inArray(e.type, ['card_open', 'card_recharge']),
        gt(e.amount, 0),
      ),
    )
    .groupBy(day, e.currency);
}
