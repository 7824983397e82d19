/**
 * The provider's decisions on a submitted order: the operations the sandbox review desk calls in
 * demo mode (and a provider's decision callback would call in production). Each locks the order
 * first, so two decisions racing meet each other's result (409) instead of both applying.
 */
import { eq } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { ItemField } from '../../../contract/identity-rules';
import { ITEM_FIELDS } from '../../../contract/identity-rules';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { accounts, identityItems } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import { REVIEWABLE } from './identity-state';
import { lockOrder, moveOrder } from './order-events';
import type { IdentityOrderRow } from './order-view';

export const NOTE_MAX = 500;
/** An approval lasts at most this long even with a document valid for longer. */
export const APPROVAL_MAX_MS = 2 * 365 * 24 * 3600_000;

export type IdentityDecision =
  | { action: 'start' }
  | { action: 'approve'; expiresAt?: Date | undefined }
  | { action: 'reject'; reason: string; resubmittable: boolean }
  | { action: 'ask'; items: { field: string; question: string }[] };

function checkNote(text: string, emptyKey: string): string {
  const note = text.trim();
  if (note === '') throw fail.rule(emptyKey);
  if (note.length > NOTE_MAX) throw fail.rule('server:identity.review.tooLong', { max: NOTE_MAX });
  return note;
}

/** The end of the document's last valid day in the product's calendar (UTC+8). */
function documentEnd(row: IdentityOrderRow): number | null {
  return row.idExpiresOn === null ? null : Date.parse(`${row.idExpiresOn}T00:00:00+08:00`) + 24 * 3600_000;
}

export function approvalExpiry(row: IdentityOrderRow, now: Date, asked?: Date): Date {
  const limits = [
    now.getTime() + APPROVAL_MAX_MS,
    documentEnd(row) ?? Infinity,
    asked?.getTime() ?? Infinity,
  ];
  return new Date(Math.min(...limits));
}

/** A decision checked for its content (notes present and short, known fields, a future expiry). */
export type CheckedDecision =
  | { action: 'start' }
  | { action: 'approve'; expiresAt?: Date | undefined }
  | { action: 'reject'; reason: string; resubmittable: boolean }
  | { action: 'ask'; items: { field: ItemField; question: string }[] };

/** Refuses (422) a decision whose content is wrong, before anything is locked. */
export function checkDecision(decision: IdentityDecision, now: Date): CheckedDecision {
  const checked: CheckedDecision =
    decision.action === 'reject'
      ? { ...decision, reason: checkNote(decision.reason, 'server:identity.review.reasonRequired') }
      : decision.action === 'ask'
        ? {
            ...decision,
            items: decision.items.map((item) => {
              if (!(ITEM_FIELDS as readonly string[]).includes(item.field))
                throw fail.rule('server:identity.review.unknownField');
              return {
                field: item.field as ItemField,
                question: checkNote(item.question, 'server:identity.review.questionRequired'),
              };
            }),
          }
        : decision;
  if (checked.action === 'ask' && checked.items.length === 0)
    throw fail.rule('server:identity.review.questionRequired');
  if (checked.action === 'approve' && checked.expiresAt && checked.expiresAt.getTime() <= now.getTime())
    throw fail.rule('server:identity.review.expiryPast');
  return checked;
}

export async function reviewIdentity(
  ctx: AppContext,
  orderId: string,
  decision: IdentityDecision,
  /** Runs in the decision's transaction (the operator console's audit entry). */
  alongside?: (tx: Tx, before: IdentityOrderRow, after: IdentityOrderRow) => Promise<void>,
): Promise<IdentityOrderRow> {
  const now = ctx.now();
  const checked = checkDecision(decision, now);
  return inTransaction(ctx.database.db, async (tx) => {
    const row = await lockOrder(tx, { id: orderId });
    if (!row) throw new AppError(Code.notFound, 'server:identity.notFound');
    const after = await applyDecision(tx, row, checked, now);
    await alongside?.(tx, row, after);
    return after;
  });
}

/** Applies a checked decision to an order the caller has locked; 409 when the order is not under review. */
export async function applyDecision(
  tx: Tx,
  row: IdentityOrderRow,
  checked: CheckedDecision,
  now: Date,
): Promise<IdentityOrderRow> {
  if (!REVIEWABLE.includes(row.status) || (checked.action === 'start' && row.status !== 'submitted'))
    throw fail.conflict(`server:identity.notReviewable`);
  switch (checked.action) {
    case 'start':
      return moveOrder(tx, row, 'in_review', 'reviewer', now);
    case 'approve': {
      // The account's type follows what was verified: a verified business is a business account.
      await tx
        .update(accounts)
        .set({ accountType: row.kind === 'business' ? 'business' : 'personal', updatedAt: now })
        .where(eq(accounts.id, row.accountId));
      return moveOrder(tx, row, 'approved', 'reviewer', now, {
        approvedAt: now,
        expiresAt: approvalExpiry(row, now, checked.expiresAt),
        remindedAt: null,
        rejectReason: null,
        resubmittable: null,
      });
    }
    case 'reject':
      return moveOrder(
        tx,
        row,
        'rejected',
        'reviewer',
        now,
        { rejectReason: checked.reason, resubmittable: checked.resubmittable },
        checked.reason,
      );
    case 'ask':
      await tx.insert(identityItems).values(
        checked.items.map((item) => ({
          id: newId(),
          orderId: row.id,
          field: item.field,
          question: item.question,
          createdAt: now,
        })),
      );
      return moveOrder(tx, row, 'needs_info', 'reviewer', now);
  }
}
