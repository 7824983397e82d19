/**
 * The one query builder of the card records: the three pages and both exports filter through
 * `tradeWhere`, so a file holds exactly the rows its page lists. Rows are authorizations joined
 * with their card (serial, last four digits), newest first by (created_at, id) — the order of the
 * index `card_authorizations_account_idx`.
 */
import type { SQL } from 'drizzle-orm';
import { and, eq, gte, ilike, isNotNull, like, lt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { currencyCode } from '../../../contract/core';
import type { TradeRow, tradeFilter } from '../../../contract/records';
import { cardAuthorizations, cards } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { shiftCivilDate, startOfCivilDate } from '../account/account-calendar';
import { storedReason } from '../card-spend/authorizations/decide-authorization';
import { checkFlowFilter } from '../flows/flow-query';
import { groupCondition, tagCondition } from '../card-groups/card-conditions';

export type TradeFilter = z.output<typeof tradeFilter>;

/** `all`: authTrans; `trade`: approved ones (not declined); `refuse`: declined ones. */
export type TradeView = 'all' | 'trade' | 'refuse';

/** Whose records: the account, narrowed to one sub-account user's cards for their sessions. */
export interface TradeScope {
  accountId: string;
  subAccountId: string | null;
  /**
   * The pageForSub pages of a main account: only the records of its members' cards, of one member
   * when `member` is set. (A member's own session is narrowed by `subAccountId` already.)
   */
  members?: { member?: string | undefined };
}

/** A start date after the end date is a 400 naming both fields (the flows' rule and message). */
export function checkTradeFilter(filter: TradeFilter): void {
  checkFlowFilter({ startDate: filter.startDate, endDate: filter.endDate });
}

function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function tradeWhere(scope: TradeScope, view: TradeView, filter: TradeFilter): SQL {
  const a = cardAuthorizations;
  const conditions: SQL[] = [eq(a.accountId, scope.accountId)];
  if (scope.subAccountId) conditions.push(eq(a.subAccountId, scope.subAccountId));
  else if (scope.members)
    conditions.push(
      scope.members.member ? eq(a.subAccountId, scope.members.member) : isNotNull(a.subAccountId),
    );
  if (view === 'trade') conditions.push(ne(a.status, 'declined'));
  if (view === 'refuse') conditions.push(eq(a.status, 'declined'));
  if (filter.cardId) conditions.push(eq(a.cardId, filter.cardId));
  // Digits only (the contract's pattern), so there is nothing to escape.
  if (filter.last4) conditions.push(like(cards.last4, `%${filter.last4}%`));
  if (filter.status) conditions.push(eq(a.status, filter.status));
  if (filter.merchant) conditions.push(ilike(a.merchantName, contains(filter.merchant)));
  if (filter.startDate) conditions.push(gte(a.createdAt, startOfCivilDate(filter.startDate)));
  if (filter.endDate) conditions.push(lt(a.createdAt, startOfCivilDate(shiftCivilDate(filter.endDate, 1))));
  const inGroup = groupCondition(a.cardId, filter.groupId);
  if (inGroup) conditions.push(inGroup);
  const tagged = tagCondition(a.cardId, filter.tagId);
  if (tagged) conditions.push(tagged);
  return and(...conditions)!;
}

export const tradeColumns = {
  id: cardAuthorizations.id,
  cardId: cardAuthorizations.cardId,
  cardSerial: cards.serial,
  cardLabel: cards.label,
  last4: cards.last4,
  status: cardAuthorizations.status,
  currency: cardAuthorizations.currency,
  amount: cardAuthorizations.amount,
  refunded: cardAuthorizations.refunded,
  merchantName: cardAuthorizations.merchantName,
  merchantCategory: cardAuthorizations.merchantCategory,
  merchantCountry: cardAuthorizations.merchantCountry,
  declineReason: cardAuthorizations.declineReason,
  createdAt: cardAuthorizations.createdAt,
  updatedAt: cardAuthorizations.updatedAt,
  subAccountId: cardAuthorizations.subAccountId,
};

export interface TradeRecord {
  id: string;
  cardId: string;
  cardSerial: string;
  cardLabel: string | null;
  last4: string;
  status: TradeRow['status'];
  currency: string;
  amount: number;
  refunded: number;
  merchantName: string;
  merchantCategory: string;
  merchantCountry: string;
  declineReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  subAccountId: string | null;
}

/** The decline reason in the reader's language (the PWA's own texts, `cards:declineReason`). */
export function declineText(reason: string | null, lang: Lang): string | null {
  return reason ? translate(lang, `cards:declineReason.${reason}`) : null;
}

export function toTradeRow(record: TradeRecord, lang: Lang): TradeRow {
  return {
    id: record.id,
    cardId: record.cardId,
    cardSerial: record.cardSerial,
    cardLabel: record.cardLabel ?? '',
    last4: record.last4,
    status: record.status,
    // Events are refused unless their currency is one of the contract's (card-spend/issuer-event.ts).
    currency: currencyCode.parse(record.currency),
    amount: record.amount,
    refunded: record.refunded,
    merchantName: record.merchantName,
    merchantCategory: record.merchantCategory,
    merchantCountry: record.merchantCountry,
    declineReason: storedReason(record.declineReason),
    declineText: declineText(record.declineReason, lang),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
