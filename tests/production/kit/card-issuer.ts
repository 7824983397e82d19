/**
 * The card-issuing processor (src/server/providers/issuer/gateway-issuer.ts), stateful as a real
 * one: it makes a card from the BIN it is asked for (a valid Luhn number), answers the same card
 * for the same request id, keeps each card's state, and knows every card it issued — so a test can
 * check that what the portal reveals is the card the issuer made. Purchases and 3-D Secure
 * challenges go the other way, as signed events to `POST /api/issuer/events`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { PortalAnswer } from './signed-json';
import { deliverSigned, startSignedJsonServer } from './signed-json';

export interface IssuedCard {
  issuerRef: string;
  requestId: string;
  pan: string;
  cvv: string;
  pin: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  state: 'active' | 'frozen' | 'closed' | 'cancelled';
}

export interface CardIssuer {
  url: string;
  /** Every card issued, by the issuer's reference. */
  cards: Map<string, IssuedCard>;
  refused: string[];
  /** A merchant asks to take `amount` (minor units of USD): the portal answers approve or decline. */
  authorize(portalUrl: string, card: IssuedCard, amount: number, merchant: string): Promise<PortalAnswer>;
  /** The issuer's 3-D Secure server makes a one-time code for a purchase and tells the portal. */
  challenge(
    portalUrl: string,
    card: IssuedCard,
    amount: number,
    merchant: string,
  ): Promise<{ code: string; answer: PortalAnswer }>;
  close(): Promise<void>;
}

const digits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/** The Luhn check digit of `body` (ISO/IEC 7812). */
export function luhnDigit(body: string): string {
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    let value = Number(char);
    if (index % 2 === 0) value *= 2;
    sum += value > 9 ? value - 9 : value;
  });
  return String((10 - (sum % 10)) % 10);
}

export async function startCardIssuer(secret: string): Promise<CardIssuer> {
  const cards = new Map<string, IssuedCard>();
  const byRequest = new Map<string, string>();
  const server = await startSignedJsonServer(() => secret, {
    '/cards': (body) => {
      const requestId = String(body['requestId']);
      const known = byRequest.get(requestId);
      const card: IssuedCard = (known && cards.get(known)) || {
        issuerRef: `ic_${randomUUID()}`,
        requestId,
        pan: '',
        cvv: digits(3),
        pin: digits(4),
        expiryMonth: randomInt(1, 13),
        expiryYear: new Date().getUTCFullYear() + 3,
        holderName: String(body['holderName']),
        state: 'active',
      };
      if (!known) {
        const bin = String(body['bin']);
        const head = bin + digits(15 - bin.length);
        card.pan = head + luhnDigit(head);
        cards.set(card.issuerRef, card);
        byRequest.set(requestId, card.issuerRef);
      }
      const { issuerRef, pan, cvv, pin, expiryMonth, expiryYear } = card;
      return { issuerRef, pan, cvv, pin, expiryMonth, expiryYear };
    },
    '/cards/cancel': (body) => {
      const card = cards.get(String(body['issuerRef']));
      if (card) card.state = 'cancelled';
      return null;
    },
    '/cards/cancel-request': (body) => {
      const card = cards.get(byRequest.get(String(body['requestId'])) ?? '');
      if (card) card.state = 'cancelled';
      return null;
    },
    '/cards/state': (body) => {
      const card = cards.get(String(body['issuerRef']));
      if (!card) throw new Error('unknown card');
      card.state = body['state'] as IssuedCard['state'];
      return null;
    },
  });
  const send = (portalUrl: string, event: object) =>
    deliverSigned(`${portalUrl}/api/issuer/events`, event, secret);
  return {
    url: server.url,
    cards,
    refused: server.refused,
    authorize: (portalUrl, card, amount, merchant) =>
      send(portalUrl, {
        eventId: `evt_${randomUUID()}`,
        type: 'authorization',
        cardRef: card.issuerRef,
        authorizationId: `auth_${randomUUID()}`,
        amount,
        currency: 'USD',
        merchant: { name: merchant, category: '5734', country: 'US' },
        cvvMatched: true,
        expiryMatched: true,
      }),
    async challenge(portalUrl, card, amount, merchant) {
      const code = digits(6);
      const answer = await send(portalUrl, {
        eventId: `evt_${randomUUID()}`,
        type: 'threeds_challenge',
        cardRef: card.issuerRef,
        code,
        amount,
        currency: 'USD',
        merchant: { name: merchant },
      });
      return { code, answer };
    },
    close: server.close,
  };
}
