/**
 * `cardGroup/preview` (designed, issue 15 §2): what a freeze, activate, recharge or delete on a
 * selection or a whole group would do, read from the same state table every card action obeys
 * (cards/lifecycle/freeze-states.ts), so what the preview calls "skipped" is exactly what the action would
 * refuse: the cards affected, each skipped card with its reason, and the money that would move.
 * Nothing is changed or locked: the PWA shows it, the customer confirms, then the action runs on
 * the affected cards, and each card is checked again under its lock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BulkAction } from '../../../contract/card-groups';
import type { AppContext } from '../../context';
import { cardAuthorizations, cardGroupMembers, cards } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import type { CardOwner, CardRow } from '../cards/card-access';
import { cardNotFound, ownedBy } from '../cards/card-access';
import { refusalFor } from '../cards/lifecycle/freeze-states';
import { countedCards, findGroup } from './group-access';

type SkipReason =
  'alreadyFrozen' | 'alreadyActive' | 'deleted' | 'riskFrozen' | 'frozenNoRecharge' | 'pending';

const REASON_OF_KEY: Record<string, SkipReason> = {
  'server:cards.state.alreadyFrozen': 'alreadyFrozen',
  'server:cards.state.alreadyActive': 'alreadyActive',
  'server:cards.state.deleted': 'deleted',
  'server:cards.state.riskFrozen': 'riskFrozen',
  'server:cards.state.frozenNoRecharge': 'frozenNoRecharge',
};

export interface PreviewInput {
  action: BulkAction;
  cardIds?: string[] | undefined;
  groupId?: string | undefined;
  amount?: number | undefined;
}

async function cardsOf(ctx: AppContext, owner: CardOwner, input: PreviewInput): Promise<CardRow[]> {
  const db = ctx.database.db;
  if (input.cardIds) {
    const unique = [...new Set(input.cardIds)];
    const rows = await db
      .select()
      .from(cards)
      .where(and(inArray(cards.id, unique), ownedBy(owner)))
      .orderBy(cards.id);
    if (rows.length !== unique.length) throw cardNotFound();
    return rows;
  }
  const group = await findGroup(db, owner, input.groupId!);
  const rows = await db
    .select({ card: cards })
    .from(cards)
    .innerJoin(cardGroupMembers, eq(cardGroupMembers.cardId, cards.id))
    .where(and(eq(cardGroupMembers.groupId, group.id), countedCards(owner)))
    .orderBy(cards.id);
  return rows.map((r) => r.card);
}

export async function previewAction(ctx: AppContext, owner: CardOwner, input: PreviewInput, lang: Lang) {
  const rows = await cardsOf(ctx, owner, input);
  const pending = new Set<string>();
  if (input.action === 'delete' && rows.length > 0) {
    const held = await ctx.database.db
      .selectDistinct({ cardId: cardAuthorizations.cardId })
      .from(cardAuthorizations)
      .where(
        and(
          inArray(
            cardAuthorizations.cardId,
            rows.map((r) => r.id),
          ),
          eq(cardAuthorizations.status, 'pending'),
        ),
      );
    for (const row of held) pending.add(row.cardId);
  }
  const affected: { id: string; serial: string; last4: string; balance: number }[] = [];
  const skipped: { id: string; serial: string; last4: string; reason: SkipReason; text: string }[] = [];
  for (const card of rows) {
    const refusal = refusalFor(card, input.action);
    const base = { id: card.id, serial: card.serial, last4: card.last4 };
    if (refusal) {
      skipped.push({
        ...base,
        reason: REASON_OF_KEY[refusal.messageKey] ?? 'deleted',
        text: translate(lang, refusal.messageKey, refusal.params),
      });
    } else if (pending.has(card.id)) {
      skipped.push({
        ...base,
        reason: 'pending',
        text: translate(lang, 'server:cards.pendingAuthorizations', { serial: card.serial }),
      });
    } else affected.push({ ...base, balance: card.balance });
  }
  const money =
    input.action === 'delete'
      ? affected.reduce((sum, c) => sum + c.balance, 0)
      : input.action === 'recharge'
        ? (input.amount ?? 0) * affected.length
        : 0;
  return { action: input.action, affected, skipped, currency: 'USD' as const, money };
}
