/**
 * The figures behind the overview. There are no card or ledger tables yet, so there is nothing to
 * count and every figure is zero. The cards and wallet-ledger issues replace the body of
 * `loadCardActivity` with their queries — a handful of grouped aggregates over the window (the
 * overview sits on the home page, so no per-day round trips).
 */
import type { AppContext } from '../../context';
import type { CurrencyAmounts } from '../wallet/currency-amounts';
import { zeroAmounts } from '../wallet/currency-amounts';
import type { OverviewWindow } from './account-calendar';

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
  _ctx: AppContext,
  _scope: ActivityScope,
  _window: OverviewWindow,
): Promise<CardActivity> {
  return {
    cards: { total: 0, active: 0, frozen: 0, deleted: 0 },
    monthSpend: zeroAmounts(),
    monthTopUp: zeroAmounts(),
    byDay: new Map(),
  };
}
