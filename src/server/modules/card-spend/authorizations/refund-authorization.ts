/**
 * `refund`: the merchant gives back part or all of a cleared amount. Each refund is its own event
 * (its `eventId` is the ledger key `card_refund:<eventId>`), so partial refunds add up and a refund
 * delivered twice moves money once. The authorization becomes `refunded` with the refunded total,
 * never more than the cleared amount; the card's consumption shrinks by the refund.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { cardAuthorizations, cards, ledgerTransactions } from '../../../db/schema';
import type { Actor } from '../../ledger';
import { postMovement } from '../../ledger';
import { FOLLOW_UPS } from './auth-states';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import { applyFollowUp } from './follow-up';
import type { RefundEvent } from '../issuer-event';
import { moneyBackLegs } from './money-back';

export function refundKey(eventId: string): string {
  return `card_refund:${eventId}`;
}

export function refundAuthorization(
  ctx: AppContext,
  event: RefundEvent,
  actor: Actor,
): Promise<IssuerEventResult> {
  return applyFollowUp(ctx, event, async (tx, { auth, card }) => {
    const [before] = await tx
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, refundKey(event.eventId)));
    if (before)
      return outcome(before.reference === auth.id ? 'duplicate' : 'id_reused', { status: auth.status });
    if (FOLLOW_UPS.refund[auth.status] !== 'apply')
      return outcome('illegal_transition', { status: auth.status });
    if (event.amount > auth.amount - auth.refunded)
      return outcome('refund_too_large', { status: auth.status });
    await postMovement(tx, ctx, {
      key: refundKey(event.eventId),
      kind: 'card_refund',
      accountId: card.accountId,
      reference: auth.id,
      legs: moneyBackLegs(card, event.amount, 'refund', auth.merchantName),
      actor: { ...actor, subAccountId: card.subAccountId },
    });
    const now = ctx.now();
    await tx
      .update(cardAuthorizations)
      .set({
        status: 'refunded',
        refunded: sql`${cardAuthorizations.refunded} + ${event.amount}`,
        updatedAt: now,
      })
      .where(eq(cardAuthorizations.id, auth.id));
    await tx
      .update(cards)
      .set({ spent: sql`${cards.spent} - ${event.amount}`, updatedAt: now })
      .where(eq(cards.id, card.id));
    return outcome('refunded', { status: 'refunded' });
  });
}
