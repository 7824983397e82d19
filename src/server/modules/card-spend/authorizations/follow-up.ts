/**
 * The frame of every follow-up event (clearing, reversal, refund): ONE transaction that serialises
 * the issuer's authorization id, locks the authorization and then its card, and refuses — changing
 * nothing — an event for an unknown card or authorization, for another card's authorization, or in
 * another currency. The step itself (clear-, reverse-, refund-authorization.ts) runs on the locked
 * rows, so two events of one authorization never interleave.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { cards } from '../../../db/schema';
import type { CardRow } from '../../cards/card-access';
import type { AuthorizationRow } from './authorization-rows';
import { lockAuthorization, lockIssuerId } from './authorization-rows';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import type { ClearingEvent, RefundEvent, ReversalEvent } from '../issuer-event';

export type FollowUpEvent = ClearingEvent | ReversalEvent | RefundEvent;

export interface Locked {
  auth: AuthorizationRow;
  card: CardRow;
}

export function applyFollowUp<E extends FollowUpEvent>(
  ctx: AppContext,
  event: E,
  step: (tx: Tx, locked: Locked) => Promise<IssuerEventResult>,
): Promise<IssuerEventResult> {
  return inTransaction(ctx.database.db, async (tx) => {
    await lockIssuerId(tx, event.authorizationId);
    const locked = await lockAuthorization(tx, event.authorizationId);
    if (!locked || locked.card.issuerRef !== event.cardRef) {
      const [card] = await tx.select({ id: cards.id }).from(cards).where(eq(cards.issuerRef, event.cardRef));
      return outcome(card ? 'unknown_authorization' : 'unknown_card');
    }
    if (event.currency !== undefined && event.currency !== locked.auth.currency)
      return outcome('currency_mismatch', { status: locked.auth.status });
    return step(tx, locked);
  });
}
