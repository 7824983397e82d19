/**
 * Card records (spec §7 "Trades"): authorizations, transactions and declines, with exports.
 *
 * One authorization row per merchant authorization; its status follows what became of it (spec §4):
 * Pending (approved, money held), Completed (cleared), refunded, reversed, declined. The three pages
 * are three views of it: `authTrans` every row, `trade` the approved ones (not declined), `refuse`
 * the declined ones with their reason.
 */
import { z } from 'zod';
import { declineReason, teamScope } from './cards';
import {
  currencyCode,
  endpoint,
  isoTime,
  minorUnits,
  nothing,
  pageOf,
  pageQuery,
  SPREADSHEET_MEDIA,
} from './core';
import { optionalText } from './fields';
import { calendarDate } from './finance';

export const tradeStatus = z.enum(['pending', 'completed', 'declined', 'refunded', 'reversed'], {
  error: 'common:validation.invalidField',
});
export type TradeStatus = z.infer<typeof tradeStatus>;

export const tradeRow = z.object({
  id: z.string(),
  cardId: z.string(),
  cardSerial: z.string(),
  /** The card's own label ('' when it has none): a phone's record line names the card by it. */
  cardLabel: z.string(),
  last4: z.string(),
  status: tradeStatus,
  currency: currencyCode,
  amount: minorUnits,
  refunded: minorUnits,
  merchantName: z.string(),
  merchantCategory: z.string(),
  merchantCountry: z.string(),
  declineReason: declineReason.nullable(),
  /** The decline reason in the caller's language. */
  declineText: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type TradeRow = z.infer<typeof tradeRow>;

export const tradeFilter = z.object({
  cardId: optionalText(z.string().trim().max(64)),
  last4: optionalText(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, { error: 'cards:validation.last4' }),
  ),
  status: optionalText(tradeStatus),
  merchant: optionalText(z.string().trim().max(64)),
  /** Inclusive calendar days (UTC+8). */
  startDate: optionalText(calendarDate),
  endDate: optionalText(calendarDate),
  /** Records of the cards of a card group, or `none` for cards in no group. */
  groupId: optionalText(z.string().trim().max(64)),
  /** Records of the cards carrying this tag. */
  tagId: optionalText(z.string().trim().max(64)),
});

function recordsPage(id: string, path: `/api/${string}`, summary: string) {
  return endpoint({
    id,
    method: 'GET',
    path,
    encoding: 'query',
    auth: 'bearer',
    audited: false,
    permission: 'card:record',
    summary,
    request: pageQuery.extend(tradeFilter.shape),
    response: pageOf(tradeRow),
  });
}

export const authTransPage = recordsPage(
  'records.authTransPage',
  '/api/cardTrade/authTrans/page',
  'Every authorization of the caller’s cards, newest first.',
);
export const tradePage = recordsPage(
  'records.tradePage',
  '/api/cardTrade/trade/page',
  'Approved authorizations (pending, completed, refunded, reversed), newest first.',
);
export const refusePage = recordsPage(
  'records.refusePage',
  '/api/cardTrade/refuse/page',
  'Declined authorizations with the reason, newest first.',
);

/**
 * The records of sub-accounts' cards: for the main account every member's (or one member's, with
 * `subAccountId`), for a member their own (`subAccountId` ignored).
 */
function recordsPageForSub(id: string, path: `/api/${string}`, summary: string) {
  return endpoint({
    id,
    method: 'GET',
    path,
    encoding: 'query',
    auth: 'bearer',
    audited: false,
    permission: 'card:record',
    summary,
    request: pageQuery.extend(tradeFilter.shape).extend({
      subAccountId: optionalText(z.string().trim().max(64)),
    }),
    response: pageOf(tradeRow.extend({ subAccountId: z.string().nullable() })),
  });
}

export const authTransPageForSub = recordsPageForSub(
  'records.authTransPageForSub',
  '/api/cardTrade/authTrans/pageForSub',
  'Every authorization of the sub-accounts’ cards, newest first.',
);
export const tradePageForSub = recordsPageForSub(
  'records.tradePageForSub',
  '/api/cardTrade/trade/pageForSub',
  'Approved authorizations of the sub-accounts’ cards, newest first.',
);
export const refusePageForSub = recordsPageForSub(
  'records.refusePageForSub',
  '/api/cardTrade/refuse/pageForSub',
  'Declined authorizations of the sub-accounts’ cards, newest first.',
);

function recordsDown(id: string, path: `/api/${string}`, summary: string) {
  return endpoint({
    id,
    method: 'POST',
    path,
    encoding: 'form',
    auth: 'bearer',
    answer: 'file',
    media: SPREADSHEET_MEDIA,
    audited: true,
    permission: 'card:record',
    summary,
    request: tradeFilter.extend({ ...teamScope, format: z.enum(['xlsx', 'csv']).default('xlsx') }),
    response: nothing,
  });
}

export const authTransDown = recordsDown(
  'records.authTransDown',
  '/api/cardTrade/authTransDown',
  'The filtered authorizations as an XLSX or CSV file, streamed. With `team=1` (or a `subAccountId`): the rows of `authTrans/pageForSub`.',
);
export const transDown = recordsDown(
  'records.transDown',
  '/api/cardTrade/transDown',
  'The filtered transactions (approved authorizations) as an XLSX or CSV file, streamed. With `team=1` (or a `subAccountId`): the rows of `trade/pageForSub`.',
);

/** One step of a record's life, oldest first: what happened, when, and for how much. */
export const tradeStep = z.object({
  step: z.enum(['authorized', 'declined', 'cleared', 'refunded', 'reversed']),
  at: isoTime,
  /** Minor units of the record's (card) currency. */
  amount: minorUnits,
});
export type TradeStep = z.infer<typeof tradeStep>;

export const tradeDetail = endpoint({
  id: 'records.detail',
  method: 'GET',
  path: '/api/cardTrade/detail',
  encoding: 'query',
  auth: 'bearer',
  audited: false,
  permission: 'card:record',
  summary:
    'One card record with what the list does not carry: the merchant’s own amount and currency, and the record’s history (authorized or declined, cleared, each refund, a reversal). A member reads only the records of its own cards; another record is 404.',
  request: z.object({ id: z.string().trim().min(1).max(64) }),
  response: tradeRow.extend({
    /** What the merchant charged in its currency (ISO 4217) when not the card's; null otherwise. */
    originalAmount: minorUnits.nullable(),
    originalCurrency: z.string().nullable(),
    history: z.array(tradeStep),
  }),
});
export type TradeDetail = z.infer<typeof tradeDetail.response>;

export const recordsEndpoints = [
  authTransPage,
  tradePage,
  refusePage,
  authTransPageForSub,
  tradePageForSub,
  refusePageForSub,
  authTransDown,
  transDown,
  tradeDetail,
] as const;
