/**
 * The state machine of USD transfer forecasts, as one table (docs/decisions.md "USD transfer
 * forecasts"). Every operation that changes a forecast asks `transitionOf`; nothing else decides
 * which moves are legal, and the page's `canRevoke`/`canResubmit` come from the same table.
 *
 *   (new) --submit--> submitted
 *   submitted, resubmitted --approve (reviewer; wallet credited)--> approved   (final)
 *   submitted, resubmitted --reject (reviewer, reason required)--> rejected
 *   submitted, resubmitted --revoke (customer)--> revoked
 *   rejected, revoked --resubmit (customer, corrected fields)--> resubmitted
 */
import type { ForecastStatus } from '../../../contract/finance';

export type ForecastAction = 'approve' | 'reject' | 'revoke' | 'resubmit';
export type ForecastActor = 'customer' | 'reviewer';

export interface Transition {
  actor: ForecastActor;
  from: readonly ForecastStatus[];
  to: ForecastStatus;
}

export const TRANSITIONS: Readonly<Record<ForecastAction, Transition>> = {
  approve: { actor: 'reviewer', from: ['submitted', 'resubmitted'], to: 'approved' },
  reject: { actor: 'reviewer', from: ['submitted', 'resubmitted'], to: 'rejected' },
  revoke: { actor: 'customer', from: ['submitted', 'resubmitted'], to: 'revoked' },
  resubmit: { actor: 'customer', from: ['rejected', 'revoked'], to: 'resubmitted' },
};

export const FORECAST_ACTIONS = Object.keys(TRANSITIONS) as ForecastAction[];

/** A new forecast starts here (the customer's bankTransfer). */
export const INITIAL_STATUS: ForecastStatus = 'submitted';

/** Waiting for a reviewer. */
export const OPEN_STATUSES: readonly ForecastStatus[] = ['submitted', 'resubmitted'];

/**
 * Forecasts that claim their bank transaction number and proof image: waiting, or credited. A
 * rejected or revoked forecast gives both up until it is resubmitted.
 */
export const LIVE_STATUSES: readonly ForecastStatus[] = ['submitted', 'resubmitted', 'approved'];

/** The target of `action` from `status`, or null when the table has no such move. */
export function transitionOf(status: ForecastStatus, action: ForecastAction): Transition | null {
  const transition = TRANSITIONS[action];
  return transition.from.includes(status) ? transition : null;
}

export function customerActions(status: ForecastStatus): { canRevoke: boolean; canResubmit: boolean } {
  return {
    canRevoke: transitionOf(status, 'revoke') !== null,
    canResubmit: transitionOf(status, 'resubmit') !== null,
  };
}
