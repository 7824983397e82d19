/**
 * What each follow-up event does from each state of an authorization (spec §4 transaction
 * statuses). One table decides them all:
 *
 * | from      | clearing  | reversal  | refund              |
 * | --------- | --------- | --------- | ------------------- |
 * | pending   | completed | reversed  | illegal             |
 * | completed | duplicate | illegal   | refunded            |
 * | refunded  | duplicate | illegal   | refunded (the rest) |
 * | reversed  | illegal   | duplicate | illegal             |
 * | declined  | illegal   | illegal   | illegal             |
 *
 * One clearing per authorization, for the held amount (single-message capture: no partial or
 * multiple clearing). Several partial refunds may follow it, up to the cleared amount; each refund is
 * recognised by its own event id (the ledger key), so a repeated refund is a duplicate.
 */
import type { TradeStatus } from '@contract/records';

export type FollowUp = 'clearing' | 'reversal' | 'refund';
export type StepVerdict = 'apply' | 'duplicate' | 'illegal';

export const FOLLOW_UPS: Readonly<Record<FollowUp, Readonly<Record<TradeStatus, StepVerdict>>>> = {
  clearing: {
    pending: 'apply',
    completed: 'duplicate',
    refunded: 'duplicate',
    reversed: 'illegal',
    declined: 'illegal',
  },
  reversal: {
    pending: 'apply',
    reversed: 'duplicate',
    completed: 'illegal',
    refunded: 'illegal',
    declined: 'illegal',
  },
  refund: {
    completed: 'apply',
    refunded: 'apply',
    pending: 'illegal',
    reversed: 'illegal',
    declined: 'illegal',
  },
};
