/**
 * Tests speak to the card-spend module the way the issuer does: signed JSON events posted to
 * `/api/issuer/events`. Ids are unique per call so tests never collide.
 */
import { eq } from 'drizzle-orm';
import type { Envelope } from '../../contract/core';
import { cardAuthorizations, cards } from '../db/schema';
import { newId } from '../lib/crypto';
import { signBody } from '../providers/payments/signature';
import type { CardRow } from '../modules/cards/card-access';
import type { TestApp } from './harness';
import type { IssuerEventResult } from '../modules/card-spend/event-outcomes';
import {
  ISSUER_EVENTS_PATH,
  ISSUER_SIGNATURE_HEADER,
} from '../modules/card-spend/events/issuer-events-route';

export interface EventAnswer {
  status: number;
  body: Envelope<IssuerEventResult | null>;
}

export function uid(prefix: string): string {
  return `${prefix}_${newId()}`;
}

export async function sendEvent(
  t: TestApp,
  event: Record<string, unknown>,
  options: { signature?: string | null; rawBody?: string } = {},
): Promise<EventAnswer> {
  const body = options.rawBody ?? JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
  const signature =
    options.signature === undefined ? signBody(t.ctx.issuer.eventSecret, body) : options.signature;
  if (signature !== null) headers[ISSUER_SIGNATURE_HEADER] = signature;
  const res = await t.raw(ISSUER_EVENTS_PATH, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as EventAnswer['body'] };
}

export interface AuthorizationOptions {
  authorizationId?: string;
  amount?: number;
  currency?: string;
  merchant?: string;
  category?: string;
  country?: string;
  cvvMatched?: boolean;
  expiryMatched?: boolean;
  /** What the merchant charged in its own currency (a purchase abroad). */
  original?: { amount: number; currency: string };
}

export function authorizationEvent(card: Pick<CardRow, 'issuerRef'>, options: AuthorizationOptions = {}) {
  return {
    eventId: uid('evt'),
    type: 'authorization',
    cardRef: card.issuerRef,
    authorizationId: options.authorizationId ?? uid('auth'),
    amount: options.amount ?? 1_000,
    currency: options.currency ?? 'USD',
    merchant: {
      name: options.merchant ?? 'Netflix',
      category: options.category ?? '4899',
      country: options.country ?? 'US',
    },
    ...(options.original ? { original: options.original } : {}),
    cvvMatched: options.cvvMatched ?? true,
    expiryMatched: options.expiryMatched ?? true,
  };
}

/** Sends an authorization and returns its issuer id with the answer. */
export async function authorizeOnce(
  t: TestApp,
  card: Pick<CardRow, 'issuerRef'>,
  options: AuthorizationOptions = {},
): Promise<{ authorizationId: string; answer: EventAnswer }> {
  const event = authorizationEvent(card, options);
  return { authorizationId: event.authorizationId, answer: await sendEvent(t, event) };
}

export function followUpEvent(
  card: Pick<CardRow, 'issuerRef'>,
  type: 'clearing' | 'reversal' | 'refund',
  authorizationId: string,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return {
    eventId: uid('evt'),
    type,
    cardRef: card.issuerRef,
    authorizationId,
    amount,
    currency: 'USD',
    ...extra,
  };
}

export async function authorizationRow(t: TestApp, issuerAuthId: string) {
  const [row] = await t.ctx.database.db
    .select()
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.issuerAuthId, issuerAuthId));
  return row;
}

export async function cardRow(t: TestApp, cardId: string): Promise<CardRow> {
  const [row] = await t.ctx.database.db.select().from(cards).where(eq(cards.id, cardId));
  if (!row) throw new Error(`no card ${cardId}`);
  return row;
}
