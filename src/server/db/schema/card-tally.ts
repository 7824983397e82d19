/**
 * How many cards each list holds, kept by triggers (migration 0025) so that a card list filtered
 * by "no group" or by a tag, or not filtered at all, can tell its total without testing every card
 * (issue 19: counting meant joining an account's 10,000 cards with 9,000 group memberships).
 *
 * The rows are changes, never updated in place: each statement that adds, removes or moves cards
 * inserts one row per (account, holder, bucket) it touched, so no two writers wait on a shared
 * counter row and none can deadlock on it. A list's total is the sum of its rows; the `card-tally`
 * job folds them into one row per (account, holder, bucket) once a minute, across all processes
 * (modules/cards/list/card-tally.ts).
 */
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const cardTally = pgTable(
  'card_tally',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    /** The card's holder, as `cards.sub_account_id`: null for the main account's own cards. */
    subAccountId: text('sub_account_id'),
    /** `all` (every card), `none` (cards in no group) or `tag:<tag id>`. */
    bucket: text('bucket').notNull(),
    /** Cards added to the bucket (negative: taken out of it). */
    delta: integer('delta').notNull(),
  },
  (t) => [index('card_tally_account_bucket_idx').on(t.accountId, t.bucket, t.subAccountId)],
);
