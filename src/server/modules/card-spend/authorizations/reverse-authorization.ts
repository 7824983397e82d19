/**
 * `reversal`: the merchant releases a pending authorization; the held amount goes back to the card
 * (ledger key `card_reversal:<issuer id>`, linked to the hold it undoes, at most once) and the
 * authorization becomes `reversed`. The spending counters it was added to give its room back
 * (spending/spend-counters.ts).
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { cardAuthorizations, ledgerTransactions } from '../../../db/schema';
import { postMovement } from '../../ledger';
import type { Actor } from '../../ledger';
import { releaseCounted } from '../../spending/spend-counters';
import { FOLLOW_UPS } from './auth-states';
import { holdKey } from './authorization-rows';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import { applyFollowUp } from './follow-up';
import type { ReversalEvent } from '../issuer-event';
import { moneyBackLegs } from './money-back';

export function reverseAuthorization(
  ctx: AppContext,
  event: ReversalEvent,
  actor: Actor,
): Promise<IssuerEventResult> {
  return applyFollowUp(ctx, event, async (tx, { auth, card }) => {
    if (event.amount !== undefined && event.amount !== auth.amount)
      return outcome('amount_mismatch', { status: auth.status });
    const verdict = FOLLOW_UPS.reversal[auth.status];
    if (verdict === 'duplicate') return outcome('duplicate', { status: auth.status });
    if (verdict === 'illegal') return outcome('illegal_transition', { status: auth.status });
    const [hold] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, holdKey(auth.issuerAuthId)));
    if (!hold) throw new Error(`pending authorization ${auth.id} has no hold in the ledger`);
    await postMovement(tx, ctx, {
      key: `card_reversal:${auth.issuerAuthId}`,
      kind: 'card_reversal',
      accountId: card.accountId,
      reference: auth.id,
      reversesId: hold.id,
      legs: moneyBackLegs(card, auth.amount, 'reversal', auth.merchantName),
      actor: { ...actor, subAccountId: card.subAccountId },
    });
    await tx
      .update(cardAuthorizations)
      .set({ status: 'reversed', updatedAt: ctx.now() })
      .where(eq(cardAuthorizations.id, auth.id));
    await releaseCounted(tx, auth);
    return outcome('reversed', { status: 'reversed' });
  });
}
