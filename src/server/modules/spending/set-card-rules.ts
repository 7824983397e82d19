/**
 * `POST /api/card/setSpendRules`: replace a card's rules. The card is row-locked, so the change
 * and an authorization of the card are one after the other (an authorization decides on the rules
 * before or after, never a mix). The operation log keeps the rules before and after.
 *
 * `applyCardRules` is the step for callers that change many cards at once (opening, selection,
 * group — issue 33 §3): it takes cards the caller has already locked.
 */
import type { CardSpendRules, CardSpendView } from '@contract/spending';
import { NO_SPEND_RULES } from '@contract/spending';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { inTransaction } from '../../db/client';
import { cardSpendRules } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { CardOwner, CardRow } from '../cards/card-access';
import { lockOwnCard } from '../cards/card-access';
import { cardSpendViewOf } from './card-spend-view';
import { readStoredRules } from './stored-rules';

export interface RulesChange {
  cardId: string;
  before: CardSpendRules;
  after: CardSpendRules;
}

/** Stores `rules` on locked cards; a deleted card refuses (422). Answers before and after per card. */
export async function applyCardRules(
  tx: Tx,
  ctx: AppContext,
  locked: readonly CardRow[],
  rules: CardSpendRules,
): Promise<RulesChange[]> {
  const changes: RulesChange[] = [];
  const now = ctx.now();
  for (const card of locked) {
    if (card.status === 'deleted') throw fail.rule('server:spending.cardDeleted', { serial: card.serial });
    const { rules: before } = await readStoredRules(tx, card.id);
    await tx
      .insert(cardSpendRules)
      .values({ cardId: card.id, accountId: card.accountId, rules, updatedAt: now })
      .onConflictDoUpdate({ target: cardSpendRules.cardId, set: { rules, updatedAt: now } });
    changes.push({ cardId: card.id, before, after: rules });
  }
  return changes;
}

export async function setCardRules(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardId: string; rules: CardSpendRules },
  audit: (detail: Record<string, unknown>) => void,
): Promise<CardSpendView> {
  return inTransaction(ctx.database.db, async (tx) => {
    const card = await lockOwnCard(tx, owner, input.cardId);
    const [change] = await applyCardRules(tx, ctx, [card], { ...NO_SPEND_RULES, ...input.rules });
    audit({ cardId: card.id, serial: card.serial, before: change!.before, after: change!.after });
    return cardSpendViewOf(tx, card, ctx.now());
  });
}
