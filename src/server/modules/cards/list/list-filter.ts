/**
 * The one filter of the card list: card/page, pageForSub and cardDown all go through `cardWhere`,
 * so an export holds exactly the cards the list shows.
 *
 * Designed (spec §3 leaves it open):
 * - status, segment and label are exact matches; serial is exact, case-insensitive.
 * - groupId is a card group (or `none`: cards in no group), tagId a tag (card-groups/card-conditions.ts).
 * - last4: four digits match exactly (index `cards_account_last4_idx`); fewer digits match the end
 *   of the last four ("23" finds …0123 and …4523), which is how people read a number back.
 * - the balance range is inclusive; min > max is refused by the contract with spec §5's message.
 * - dates are calendar days of the product's calendar (UTC+8, like the financial breakdown):
 *   startDate from its midnight, endDate up to the next midnight.
 */
import type { SQL } from 'drizzle-orm';
import { and, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { cardFilter } from '@contract/cards';
import { cards } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { shiftCivilDate, startOfCivilDate } from '../../account/account-calendar';
import { groupCondition, tagCondition } from '../../card-groups/card-conditions';

export type CardFilter = z.output<typeof cardFilter>;

/** A start after the end is a mistake worth telling apart from "no cards": 400 naming both fields. */
export function checkCardFilter(filter: CardFilter): void {
  if (filter.startDate && filter.endDate && filter.startDate > filter.endDate)
    throw fail.badRequest('server:flows.dateRange', { fields: ['startDate', 'endDate'] });
}

/**
 * The where clause of the filter within `scope` (whose cards the caller may see). A balance bound
 * reads the card row's copy of its ledger balance (kept by triggers, migration 0009), so no filter
 * needs a join and a balance range is answered from `cards_account_balance_idx`.
 */
export function cardWhere(scope: SQL, filter: CardFilter): SQL {
  const conditions: SQL[] = [scope];
  if (filter.status) conditions.push(eq(cards.status, filter.status));
  if (filter.segmentId) conditions.push(eq(cards.segmentId, filter.segmentId));
  if (filter.label) conditions.push(eq(cards.label, filter.label));
  if (filter.serial) conditions.push(eq(cards.serial, filter.serial.toUpperCase()));
  if (filter.last4)
    conditions.push(
      filter.last4.length === 4
        ? eq(cards.last4, filter.last4)
        : sql`right(${cards.last4}, ${filter.last4.length}) = ${filter.last4}`,
    );
  if (filter.minBalance !== undefined) conditions.push(gte(cards.balance, filter.minBalance));
  if (filter.maxBalance !== undefined) conditions.push(lte(cards.balance, filter.maxBalance));
  if (filter.startDate) conditions.push(gte(cards.createdAt, startOfCivilDate(filter.startDate)));
  if (filter.endDate)
    conditions.push(lt(cards.createdAt, startOfCivilDate(shiftCivilDate(filter.endDate, 1))));
  const inGroup = groupCondition(cards.id, filter.groupId);
  if (inGroup) conditions.push(inGroup);
  const tagged = tagCondition(cards.id, filter.tagId);
  if (tagged) conditions.push(tagged);
  // and() of a non-empty list is never undefined.
  return and(...conditions)!;
}
