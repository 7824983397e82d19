/**
 * The verification order's states (issue 16 §2) and who may move it where:
 *
 *   draft --submit--> submitted --start--> in_review --approve--> approved --expire--> expired
 *                                               |--reject--> rejected (resubmittable or final)
 *                                               '--ask--> needs_info --all answered--> submitted
 *
 * The customer edits an order only in `draft`, in `rejected` when it is resubmittable, and in
 * `expired` (new documents); an edit of a rejected or expired order makes it a draft again.
 */
import type { IdentityStatus } from '../../../contract/identity';

export type IdentityActor = 'customer' | 'reviewer' | 'system';

export function isEditable(status: IdentityStatus, resubmittable: boolean | null): boolean {
  return status === 'draft' || status === 'expired' || (status === 'rejected' && resubmittable === true);
}

/** States a reviewer may decide from (the desk starts the review implicitly on a decision). */
export const REVIEWABLE: readonly IdentityStatus[] = ['submitted', 'in_review'];
