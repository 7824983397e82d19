/**
 * Finding the caller's own card. A card that does not exist and a card of someone else answer the
 * same 404, so ids cannot be probed. A sub-account user reaches only the cards they opened.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { cards } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionPrincipal } from '../../lib/session';

export type CardRow = typeof cards.$inferSelect;

/** Who the card belongs to from the caller's side: the account, narrowed to a sub-account user. */
export interface CardOwner {
  accountId: string;
  subAccountId: string | null;
}

export function ownerOf(principal: SessionPrincipal): CardOwner {
  return { accountId: principal.accountId, subAccountId: principal.subAccountId };
}

/** `main` or `sub:<id>`: the actor of card events. */
export function actorTag(owner: CardOwner): string {
  return owner.subAccountId ? `sub:${owner.subAccountId}` : 'main';
}

export function ownedBy(owner: CardOwner): SQL {
  const mine = eq(cards.accountId, owner.accountId);
  return owner.subAccountId ? and(mine, eq(cards.subAccountId, owner.subAccountId))! : mine;
}

export function cardNotFound(): AppError {
  return new AppError(404, 'server:cards.notFound');
}

export async function findOwnCard(db: Executor, owner: CardOwner, cardId: string): Promise<CardRow> {
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), ownedBy(owner)))
    .limit(1);
  if (!card) throw cardNotFound();
  return card;
}

/** The card, row-locked until the transaction ends: state changes of one card run one at a time. */
export async function lockOwnCard(tx: Tx, owner: CardOwner, cardId: string): Promise<CardRow> {
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), ownedBy(owner)))
    .for('update');
  if (!card) throw cardNotFound();
  return card;
}

/** Several cards, locked in id order (no deadlock between two batches); any missing one is a 404. */
export async function lockOwnCards(tx: Tx, owner: CardOwner, cardIds: readonly string[]): Promise<CardRow[]> {
  const unique = [...new Set(cardIds)].sort();
  const rows = await tx
    .select()
    .from(cards)
    .where(and(inArray(cards.id, unique), ownedBy(owner)))
    .orderBy(cards.id)
    .for('update');
  if (rows.length !== unique.length) throw cardNotFound();
  return rows;
}
