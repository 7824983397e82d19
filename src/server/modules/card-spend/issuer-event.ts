/**
 * The issuer's events (`POST /api/issuer/events`), one JSON object per request, signed over the raw
 * body (`X-Signature: hex(HMAC-SHA256(issuer event secret, body))`). Cards are named by the
 * issuer's reference (`cards.issuer_ref`), never by number: no event carries card secrets.
 *
 * - `authorization`: a merchant asks to take `amount`; answered at once, approved or declined.
 * - `clearing`: the merchant settles an approved authorization (the full amount).
 * - `reversal`: the merchant releases an approved authorization before clearing.
 * - `refund`: the merchant gives back part or all of a cleared amount; `eventId` is the refund's id.
 * - `threeds_challenge`: the issuer's 3-D Secure server made a one-time code for a purchase.
 */
import { z } from 'zod';
import { currencyCode } from '../../../contract/core';

const id = z.string().trim().min(1).max(100);
const amount = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * One of the portal's currencies (contract `currencyCode`), which every answer and record can show.
 * A currency other than the card's is declined (`currency_not_supported`); one outside the list is
 * not an event this portal can read (malformed).
 */
const currency = currencyCode;

const merchant = z.object({
  name: z.string().trim().min(1).max(100),
  /** Merchant category code (ISO 18245), 4 digits. */
  category: z.string().regex(/^\d{4}$/),
  /** ISO 3166 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
});

const common = {
  /** Unique per event at the issuer. */
  eventId: id,
  cardRef: id,
  occurredAt: z.iso.datetime({ offset: true }).optional(),
};

export const issuerEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...common,
    type: z.literal('authorization'),
    authorizationId: id,
    amount,
    currency,
    merchant,
    /**
     * What the merchant charged in its own currency when that is not the card's (ISO 4217, any
     * currency: the issuer converted it into `amount`). Shown in the record's detail view.
     */
    original: z.object({ amount, currency: z.string().regex(/^[A-Z]{3}$/) }).optional(),
    /** What the cardholder typed matched the card (checked by the issuer, which holds the CVV). */
    cvvMatched: z.boolean(),
    expiryMatched: z.boolean(),
  }),
  z.object({ ...common, type: z.literal('clearing'), authorizationId: id, amount, currency }),
  z.object({
    ...common,
    type: z.literal('reversal'),
    authorizationId: id,
    /** Optional: a reversal releases the whole hold; when given it must be the held amount. */
    amount: amount.optional(),
    currency: currency.optional(),
  }),
  z.object({ ...common, type: z.literal('refund'), authorizationId: id, amount, currency }),
  z.object({
    ...common,
    type: z.literal('threeds_challenge'),
    code: z.string().regex(/^\d{6}$/),
    amount,
    currency,
    merchant: z.object({ name: merchant.shape.name }),
  }),
]);

export type IssuerEvent = z.infer<typeof issuerEventSchema>;
export type AuthorizationEvent = Extract<IssuerEvent, { type: 'authorization' }>;
export type ClearingEvent = Extract<IssuerEvent, { type: 'clearing' }>;
export type ReversalEvent = Extract<IssuerEvent, { type: 'reversal' }>;
export type RefundEvent = Extract<IssuerEvent, { type: 'refund' }>;
export type ChallengeEvent = Extract<IssuerEvent, { type: 'threeds_challenge' }>;
