/**
 * The three views of card records (contract records.ts): which endpoint lists each, which export
 * serves it, and which statuses its filter offers. Declines have one status only, so that tab has
 * no status filter and its export asks authTransDown for the declined rows alone.
 */
import {
  authTransDown,
  authTransPage,
  authTransPageForSub,
  refusePage,
  refusePageForSub,
  tradePage,
  tradePageForSub,
  transDown,
  type TradeStatus,
} from '@contract/records';

export type RecordTab = 'auth' | 'trade' | 'refuse';

export const RECORD_TABS: readonly RecordTab[] = ['auth', 'trade', 'refuse'];

export interface RecordTabDef {
  page: typeof authTransPage | typeof tradePage | typeof refusePage;
  /** The same view of the sub-accounts' cards, for the owner's team page (/subCardRecord). */
  teamPage: typeof authTransPageForSub | typeof tradePageForSub | typeof refusePageForSub;
  down: typeof authTransDown | typeof transDown;
  /** Statuses the status filter offers; empty: no status filter. */
  statuses: readonly TradeStatus[];
  /** Added to the export's filters, so the file holds exactly the tab's rows. */
  exportStatus?: TradeStatus;
}

export const TAB_DEFS: Readonly<Record<RecordTab, RecordTabDef>> = {
  auth: {
    page: authTransPage,
    teamPage: authTransPageForSub,
    down: authTransDown,
    statuses: ['pending', 'completed', 'declined', 'refunded', 'reversed'],
  },
  trade: {
    page: tradePage,
    teamPage: tradePageForSub,
    down: transDown,
    statuses: ['pending', 'completed', 'refunded', 'reversed'],
  },
  refuse: {
    page: refusePage,
    teamPage: refusePageForSub,
    down: authTransDown,
    statuses: [],
    exportStatus: 'declined',
  },
};

export function isRecordTab(value: unknown): value is RecordTab {
  return typeof value === 'string' && (RECORD_TABS as readonly string[]).includes(value);
}
