/**
 * getOtp (one card) and getThreePool (all the caller's cards): the 3-D Secure codes of the last
 * OTP_WINDOW_SECONDS (spec §9: the last hour only), newest first, each with its merchant, amount and
 * the seconds it can still be used (0 once expired; it stays listed until the hour has passed, so
 * the customer sees what was asked). A sub-account user sees the codes of the cards they opened.
 */
import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import { OTP_WINDOW_SECONDS } from '@contract/card-rules';
import type { OtpView } from '@contract/cards';
import { currencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import { cardOtps, cards } from '../../../db/schema';
import type { CardOwner } from '../../cards/card-access';
import { findOwnCard, ownedBy } from '../../cards/card-access';

/** More codes than anyone can read in an hour; keeps one answer bounded. */
const MAX_CODES = 200;

export async function readOtps(ctx: AppContext, owner: CardOwner, cardId: string | null): Promise<OtpView[]> {
  const db = ctx.database.db;
  if (cardId) await findOwnCard(db, owner, cardId); // another account's card: the same 404 as none
  const now = ctx.now();
  const conditions: SQL[] = [
    // The account column of the codes themselves, so the account index does the narrowing.
    eq(cardOtps.accountId, owner.accountId),
    ownedBy(owner),
    gt(cardOtps.createdAt, new Date(now.getTime() - OTP_WINDOW_SECONDS * 1000)),
  ];
  if (cardId) conditions.push(eq(cardOtps.cardId, cardId));
  const rows = await db
    .select({
      id: cardOtps.id,
      cardId: cardOtps.cardId,
      cardSerial: cards.serial,
      cardLabel: cards.label,
      last4: cards.last4,
      code: cardOtps.code,
      merchantName: cardOtps.merchantName,
      currency: cardOtps.currency,
      amount: cardOtps.amount,
      createdAt: cardOtps.createdAt,
      expiresAt: cardOtps.expiresAt,
    })
    .from(cardOtps)
    .innerJoin(cards, eq(cards.id, cardOtps.cardId))
    .where(and(...conditions))
    .orderBy(desc(cardOtps.createdAt), desc(cardOtps.id))
    .limit(MAX_CODES);
  return rows.map((row) => ({
    id: row.id,
    cardId: row.cardId,
    cardSerial: row.cardSerial,
    cardLabel: row.cardLabel,
    last4: row.last4,
    code: ctx.box.open(row.code),
    merchantName: row.merchantName,
    currency: currencyCode.parse(row.currency),
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
    secondsLeft: Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
  }));
}
