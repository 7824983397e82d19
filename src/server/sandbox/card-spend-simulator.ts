/**
 * The card-spend simulator (demo mode only): plays the card networks and the issuer. It lists recent
 * cards and authorizations, and every button builds the event a real issuer would send — an
 * authorization, a 3-D Secure challenge with a fresh code, a clearing, a reversal, a refund — signs
 * it with the issuer's event secret and posts it to the app's own `/api/issuer/events`, so the
 * simulator exercises exactly the path of a real issuer. It never sees or shows a card number.
 */
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { currencyCode } from '../../contract/core';
import type { Envelope } from '../../contract/core';
import type { AppContext } from '../context';
import { accounts, cardAuthorizations, cards, ledgerAccounts } from '../db/schema';
import { newId, randomDigits } from '../lib/crypto';
import type { IssuerEventResult } from '../modules/card-spend/event-outcomes';
import {
  ISSUER_EVENTS_PATH,
  ISSUER_SIGNATURE_HEADER,
} from '../modules/card-spend/events/issuer-events-route';
import { signBody } from '../providers/payments/signature';
import { SimulatorError } from './payments-simulator';

const LIST_LIMIT = 50;

export interface SimulatorCard {
  cardId: string;
  serial: string;
  last4: string;
  account: string;
  status: 'active' | 'frozen' | 'deleted';
  currency: string;
  balance: number;
  spent: number;
}

export interface SimulatorAuthorization {
  /** The issuer's id: the simulator's buttons name authorizations by it. */
  authorizationId: string;
  cardSerial: string;
  last4: string;
  account: string;
  status: 'pending' | 'completed' | 'declined' | 'refunded' | 'reversed';
  merchantName: string;
  currency: string;
  amount: number;
  refunded: number;
  declineReason: string | null;
  createdAt: string;
}

function byEmail(account: string | undefined): SQL | undefined {
  const email = account?.trim().toLowerCase();
  return email ? eq(accounts.email, email) : undefined;
}

/** Recent cards, newest first; `account` narrows them to one e-mail. Never a card number. */
export async function listRecentCards(ctx: AppContext, account?: string): Promise<SimulatorCard[]> {
  const rows = await ctx.database.db
    .select({
      cardId: cards.id,
      serial: cards.serial,
      last4: cards.last4,
      account: accounts.email,
      status: cards.status,
      currency: cards.currency,
      balance: ledgerAccounts.balance,
      spent: cards.spent,
    })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.ledgerAccountId))
    .where(byEmail(account))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(LIST_LIMIT);
  return rows;
}

export async function listRecentAuthorizations(
  ctx: AppContext,
  account?: string,
): Promise<SimulatorAuthorization[]> {
  const rows = await ctx.database.db
    .select({
      authorizationId: cardAuthorizations.issuerAuthId,
      cardSerial: cards.serial,
      last4: cards.last4,
      account: accounts.email,
      status: cardAuthorizations.status,
      merchantName: cardAuthorizations.merchantName,
      currency: cardAuthorizations.currency,
      amount: cardAuthorizations.amount,
      refunded: cardAuthorizations.refunded,
      declineReason: cardAuthorizations.declineReason,
      createdAt: cardAuthorizations.createdAt,
    })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
    .innerJoin(accounts, eq(accounts.id, cardAuthorizations.accountId))
    .where(byEmail(account))
    .orderBy(desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export interface EventSent {
  /** HTTP status of the issuer-events route's answer. */
  status: number;
  answer: Envelope<IssuerEventResult | null>;
}

/** Signs an event with the issuer's secret and posts it to the real issuer-events route. */
export async function sendIssuerEvent(app: Hono, ctx: AppContext, event: object): Promise<EventSent> {
  const body = JSON.stringify({
    eventId: `sbx_evt_${newId()}`,
    occurredAt: ctx.now().toISOString(),
    ...event,
  });
  const res = await app.request(ISSUER_EVENTS_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en', // the simulator page is in English
      [ISSUER_SIGNATURE_HEADER]: signBody(ctx.issuer.eventSecret, body),
    },
    body,
  });
  return { status: res.status, answer: (await res.json()) as EventSent['answer'] };
}

const yesNo = z.preprocess(
  (value) => (typeof value === 'string' ? !['no', 'false', '0'].includes(value.trim().toLowerCase()) : value),
  z.boolean(),
);

/** What the merchant's side of the form says; amounts in minor units. */
export const purchaseInput = z.object({
  merchant: z.string().trim().min(1).max(100).default('Demo Shop'),
  /** Merchant category code; 5734 is computer software stores. */
  category: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'category must be a 4-digit merchant category code')
    .default('5734'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'country must be 2 letters')
    .transform((v) => v.toUpperCase())
    .default('US'),
  amount: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** The card's currency when absent. */
  currency: currencyCode.optional(),
  /** Whether the CVV and expiry typed at the merchant were right. */
  cvvMatches: yesNo.default(true),
  /** A purchase abroad: what the merchant charged in its own currency (both or neither). */
  originalAmount: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  originalCurrency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'original currency must be 3 letters')
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type PurchaseInput = z.output<typeof purchaseInput>;

async function findCard(ctx: AppContext, cardId: string) {
  const [card] = await ctx.database.db
    .select({ issuerRef: cards.issuerRef, currency: cards.currency })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!card) throw new SimulatorError(404, 'no such card');
  return card;
}

/**
 * Sends a purchase's event for the card: its issuer reference, the amount, and the currency the form
 * names (the card's when it names none); `event` says what kind of event and adds its own fields.
 */
async function sendPurchaseEvent(
  app: Hono,
  ctx: AppContext,
  cardId: string,
  input: PurchaseInput,
  event: { type: string } & Record<string, unknown>,
): Promise<EventSent> {
  const card = await findCard(ctx, cardId);
  return sendIssuerEvent(app, ctx, {
    cardRef: card.issuerRef,
    amount: input.amount,
    currency: input.currency ?? card.currency,
    ...event,
  });
}

/** A merchant asks to take the amount: the issuer's real-time authorization request. */
export async function authorizePurchase(
  app: Hono,
  ctx: AppContext,
  cardId: string,
  input: PurchaseInput,
): Promise<EventSent & { authorizationId: string }> {
  const authorizationId = `sbx_auth_${newId()}`;
  const sent = await sendPurchaseEvent(app, ctx, cardId, input, {
    type: 'authorization',
    authorizationId,
    merchant: { name: input.merchant, category: input.category, country: input.country },
    ...(input.originalAmount && input.originalCurrency
      ? { original: { amount: input.originalAmount, currency: input.originalCurrency } }
      : {}),
    cvvMatched: input.cvvMatches,
    expiryMatched: input.cvvMatches,
  });
  return { ...sent, authorizationId };
}

/** The issuer's 3-D Secure server makes a one-time code for a purchase; the customer reads it in the app. */
export async function challengePurchase(
  app: Hono,
  ctx: AppContext,
  cardId: string,
  input: PurchaseInput,
): Promise<EventSent & { code: string }> {
  const code = randomDigits(6);
  const sent = await sendPurchaseEvent(app, ctx, cardId, input, {
    type: 'threeds_challenge',
    code,
    merchant: { name: input.merchant },
  });
  return { ...sent, code };
}

export type FollowUpVerb = 'clear' | 'reverse' | 'refund';

/**
 * Clearing and reversal take the authorized amount; a refund takes `amount` (minor units) or
 * everything cleared and not refunded yet.
 */
export async function followUp(
  app: Hono,
  ctx: AppContext,
  authorizationId: string,
  verb: FollowUpVerb,
  amount?: number,
): Promise<EventSent> {
  const [auth] = await ctx.database.db
    .select({
      issuerRef: cards.issuerRef,
      amount: cardAuthorizations.amount,
      refunded: cardAuthorizations.refunded,
      currency: cardAuthorizations.currency,
    })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
    .where(eq(cardAuthorizations.issuerAuthId, authorizationId));
  if (!auth) throw new SimulatorError(404, 'no such authorization');
  const type = verb === 'clear' ? 'clearing' : verb === 'reverse' ? 'reversal' : 'refund';
  const value = verb === 'refund' ? (amount ?? auth.amount - auth.refunded) : auth.amount;
  if (value <= 0) throw new SimulatorError(409, 'nothing left to refund');
  return sendIssuerEvent(app, ctx, {
    type,
    cardRef: auth.issuerRef,
    authorizationId,
    amount: value,
    currency: auth.currency,
  });
}
