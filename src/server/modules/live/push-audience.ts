/**
 * Who may receive a push (issue 18 §1): the owner's sessions receive every push of the account; a
 * sub-account user's session only what its role would let it read in the app — a 3-D Secure code
 * (`card:otp`) or a decline (`card:record`) of a card that member opened. Top-ups and forecasts are
 * the owner's business (their screens are main-only), so members never receive them.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { cardAuthorizations, cardOtps, cards } from '../../db/schema';
import type { PushKind } from './push-message';

const MEMBER_PERMISSION: Partial<Record<PushKind, string>> = { otp: 'card:otp', decline: 'card:record' };

/** The member who opened the card the push is about (null: the owner opened it, or no card). */
export async function pushCardMember(ctx: AppContext, kind: PushKind, refId: string): Promise<string | null> {
  const db = ctx.database.db;
  if (kind === 'otp') {
    const [row] = await db
      .select({ member: cards.subAccountId })
      .from(cardOtps)
      .innerJoin(cards, eq(cards.id, cardOtps.cardId))
      .where(eq(cardOtps.id, refId));
    return row?.member ?? null;
  }
  if (kind === 'decline') {
    const [row] = await db
      .select({ member: cardAuthorizations.subAccountId })
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.id, refId));
    return row?.member ?? null;
  }
  return null;
}

export interface Recipient {
  /** The session's member; null for the owner. */
  subAccountId: string | null;
  /** The member's role permissions (empty for the owner, who holds every permission). */
  permissions: readonly string[];
}

export function mayReceive(kind: PushKind, cardMember: string | null, recipient: Recipient): boolean {
  if (recipient.subAccountId === null) return true;
  const needed = MEMBER_PERMISSION[kind];
  return (
    needed !== undefined && cardMember === recipient.subAccountId && recipient.permissions.includes(needed)
  );
}
