/**
 * `clearing`: the merchant settles a pending authorization. The money already left the card when it
 * was approved, so nothing moves in the ledger: the authorization becomes `completed` and the card's
 * cumulative consumption grows by the amount. `cleared_at` keeps the moment for the record's history.
 * The spending counters move the amount from held to spent (spending/spend-counters.ts), and a
 * single-use card closes: its balance returns to the wallet as a deletion does (issue 33 §1).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { cardAuthorizations, cards } from '../../../db/schema';
import type { Actor } from '../../ledger';
import { closeIfSingleUse } from '../../spending/single-use';
import { settleCounted } from '../../spending/spend-counters';
import { FOLLOW_UPS } from './auth-states';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import { applyFollowUp } from './follow-up';
import type { ClearingEvent } from '../issuer-event';

export function clearAuthorization(
  ctx: AppContext,
  event: ClearingEvent,
  actor: Actor,
): Promise<IssuerEventResult> {
  return applyFollowUp(ctx, event, async (tx, { auth, card }) => {
    if (event.amount !== auth.amount) return outcome('amount_mismatch', { status: auth.status });
    const verdict = FOLLOW_UPS.clearing[auth.status];
    if (verdict === 'duplicate') return outcome('duplicate', { status: auth.status });
    if (verdict === 'illegal') return outcome('illegal_transition', { status: auth.status });
    const now = ctx.now();
    await tx
      .update(cardAuthorizations)
      .set({ status: 'completed', clearedAt: now, updatedAt: now })
      .where(eq(cardAuthorizations.id, auth.id));
    await tx
      .update(cards)
      .set({ spent: sql`${cards.spent} + ${auth.amount}`, updatedAt: now })
      .where(eq(cards.id, card.id));
    await settleCounted(tx, auth);
    await closeIfSingleUse(tx, ctx, card, actor);
    return outcome('cleared', { status: 'completed' });
  });
}
