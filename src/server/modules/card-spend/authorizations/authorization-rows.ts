/**
 * Reading and locking authorizations by the issuer's id, and the per-id advisory lock that makes
 * two deliveries of the same event run one after the other (the second then sees the first's
 * result and answers `duplicate`), even before any row exists to lock.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { cardAuthorizations, cards } from '../../../db/schema';
import type { CardRow } from '../../cards/card-access';

export type AuthorizationRow = typeof cardAuthorizations.$inferSelect;

export async function lockIssuerId(tx: Tx, issuerAuthId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`issuer-auth:${issuerAuthId}`}))`);
}

export async function findByIssuerId(tx: Tx, issuerAuthId: string): Promise<AuthorizationRow | undefined> {
  const [row] = await tx
    .select()
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.issuerAuthId, issuerAuthId));
  return row;
}

/** The authorization and its card, both row-locked (authorization first, then card). */
export async function lockAuthorization(
  tx: Tx,
  issuerAuthId: string,
): Promise<{ auth: AuthorizationRow; card: CardRow } | null> {
  const [auth] = await tx
    .select()
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.issuerAuthId, issuerAuthId))
    .for('update');
  if (!auth) return null;
  const [card] = await tx.select().from(cards).where(eq(cards.id, auth.cardId)).for('update');
  if (!card) throw new Error(`authorization ${auth.id} has no card`);
  return { auth, card };
}

/** The card an event names, row-locked: its state and balance cannot change until commit. */
export async function lockCardByRef(tx: Tx, issuerRef: string): Promise<CardRow | undefined> {
  const [card] = await tx.select().from(cards).where(eq(cards.issuerRef, issuerRef)).for('update');
  return card;
}

/** The ledger key of the money an approved authorization holds: one hold per issuer id, ever. */
export function holdKey(issuerAuthId: string): string {
  return `card_auth:${issuerAuthId}`;
}
