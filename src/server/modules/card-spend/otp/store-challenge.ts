/**
 * `threeds_challenge`: the issuer's 3-D Secure server made a one-time code for a purchase and the
 * customer must read it in the portal (getOtp, getThreePool). The code is sealed at rest — it is a
 * secret while it is valid — and lives OTP_VALID_SECONDS. The row id derives from the issuer's
 * event id, so a challenge delivered twice is stored once.
 */
import { eq } from 'drizzle-orm';
import { OTP_VALID_SECONDS } from '@contract/card-rules';
import type { AppContext } from '../../../context';
import { cardOtps, cards } from '../../../db/schema';
import { sha256 } from '../../../lib/crypto';
import type { IssuerEventResult } from '../event-outcomes';
import { outcome } from '../event-outcomes';
import type { ChallengeEvent } from '../issuer-event';

export function challengeId(eventId: string): string {
  return `otp_${sha256(`threeds:${eventId}`).slice(0, 32)}`;
}

export async function storeChallenge(ctx: AppContext, event: ChallengeEvent): Promise<IssuerEventResult> {
  const db = ctx.database.db;
  const [card] = await db
    .select({ id: cards.id, accountId: cards.accountId })
    .from(cards)
    .where(eq(cards.issuerRef, event.cardRef));
  if (!card) return outcome('unknown_card');
  const now = ctx.now();
  const stored = await db
    .insert(cardOtps)
    .values({
      id: challengeId(event.eventId),
      cardId: card.id,
      accountId: card.accountId,
      code: ctx.box.seal(event.code),
      merchantName: event.merchant.name,
      currency: event.currency,
      amount: event.amount,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_VALID_SECONDS * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: cardOtps.id });
  return outcome(stored.length > 0 ? 'challenge_stored' : 'duplicate');
}
