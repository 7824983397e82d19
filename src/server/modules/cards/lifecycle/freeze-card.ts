/**
 * POST /api/card/frozen: freeze an active card or activate a frozen one (the PWA asks for a
 * confirmation first, spec §4). The issuer is told in the same transaction, after the row is
 * written: if the issuer refuses, nothing changes here either, and a frozen card is declined at the
 * network as well as by us. A card frozen by its member's expiry policy is activated by the owner
 * only (sub-accounts/expire-subs.ts).
 */
import { eq } from 'drizzle-orm';
import type { CardView } from '@contract/cards';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { cards } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner } from '../card-access';
import { actorTag, lockOwnCard } from '../card-access';
import { recordCardEvents } from '../card-events';
import { readCardView } from '../card-view';
import { checkCardAllows } from './freeze-states';

export async function freezeOrActivate(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardId: string; action: 'freeze' | 'activate' },
  options: { ip: string; lang: Lang },
): Promise<CardView> {
  return inTransaction(ctx.database.db, async (tx) => {
    const card = await lockOwnCard(tx, owner, input.cardId);
    checkCardAllows(card, input.action);
    // The owner's expiry policy froze it: the member it belonged to may not undo that.
    if (input.action === 'activate' && card.frozenBy === 'expiry' && owner.subAccountId)
      throw fail.rule('server:cards.state.expiryFrozen', { serial: card.serial });
    const now = ctx.now();
    const freezing = input.action === 'freeze';
    await tx
      .update(cards)
      .set({
        status: freezing ? 'frozen' : 'active',
        frozenBy: freezing ? 'customer' : null,
        updatedAt: now,
      })
      .where(eq(cards.id, card.id));
    await recordCardEvents(tx, [
      {
        cardId: card.id,
        accountId: owner.accountId,
        action: input.action,
        actor: actorTag(owner),
        ip: options.ip,
        at: now,
      },
    ]);
    await ctx.issuer.setCardState(card.issuerRef, freezing ? 'frozen' : 'active');
    return readCardView(tx, card.id, options.lang);
  });
}
