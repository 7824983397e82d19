/** The home-page overview of an account or of one sub-account user (overview, overviewForSub). */
import type { AppContext } from '../../../context';
import type { CurrencyAmounts } from '../../wallet/currency-amounts';
import { zeroAmounts } from '../../wallet/currency-amounts';
import { overviewWindow } from '../account-calendar';
import type { ActivityScope, CardCounts } from './card-activity';
import { loadCardActivity } from './card-activity';

export const OVERVIEW_DAYS = 30;

export interface OverviewFigures {
  cards: CardCounts;
  monthSpend: CurrencyAmounts;
  monthTopUp: CurrencyAmounts;
  daily: { date: string; spend: CurrencyAmounts; topUp: CurrencyAmounts }[];
}

export async function readOverview(ctx: AppContext, scope: ActivityScope): Promise<OverviewFigures> {
  const window = overviewWindow(ctx.now(), OVERVIEW_DAYS);
  const activity = await loadCardActivity(ctx, scope, window);
  return {
    cards: activity.cards,
    monthSpend: activity.monthSpend,
    monthTopUp: activity.monthTopUp,
    // Every day of the window is present, zeros included, so charts need no gap logic.
    daily: window.days.map((date) => {
      const day = activity.byDay.get(date);
      return { date, spend: day?.spend ?? zeroAmounts(), topUp: day?.topUp ?? zeroAmounts() };
    }),
  };
}
