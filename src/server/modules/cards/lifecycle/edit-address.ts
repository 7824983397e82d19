/**
 * POST /api/card/editAddress: the holder name and billing address of a card (spec §3). The event
 * keeps the old and new value of each field that changed, so the card's history shows what the
 * address was when a merchant checked it; holder fields are not secrets.
 */
import { eq } from 'drizzle-orm';
import type { CardView, HolderFields } from '@contract/cards';
import { HOLDER_KEYS } from '@contract/cards';
import type { AppContext } from '../../../context';
import { inTransaction } from '../../../db/client';
import { cards } from '../../../db/schema';
import type { Lang } from '../../../lib/i18n';
import type { CardOwner } from '../card-access';
import { actorTag, lockOwnCard } from '../card-access';
import { recordCardEvents } from '../card-events';
import { readCardView } from '../card-view';
import { checkCardAllows } from './freeze-states';
import { holderOf } from '../holder-fields';

export async function editAddress(
  ctx: AppContext,
  owner: CardOwner,
  input: HolderFields & { cardId: string },
  options: { ip: string; lang: Lang },
): Promise<CardView> {
  return inTransaction(ctx.database.db, async (tx) => {
    const card = await lockOwnCard(tx, owner, input.cardId);
    checkCardAllows(card, 'edit');
    const changes: Record<string, { from: string; to: string }> = {};
    for (const key of HOLDER_KEYS)
      if (card[key] !== input[key]) changes[key] = { from: card[key], to: input[key] };
    // Saving the same address again changes nothing and tells the history nothing.
    if (Object.keys(changes).length > 0) {
      const now = ctx.now();
      await tx
        .update(cards)
        .set({ ...holderOf(input), updatedAt: now })
        .where(eq(cards.id, card.id));
      await recordCardEvents(tx, [
        {
          cardId: card.id,
          accountId: owner.accountId,
          action: 'edit_address',
          actor: actorTag(owner),
          ip: options.ip,
          detail: { changes },
          at: now,
        },
      ]);
    }
    return readCardView(tx, card.id, options.lang);
  });
}
