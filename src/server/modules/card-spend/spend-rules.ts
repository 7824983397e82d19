/**
 * The issuer-side rules of a merchant authorization that are not the customer's own settings
 * (those are the card's status and balance). Server-only: the PWA never decides an authorization.
 */

/**
 * Merchant category codes (ISO 18245) refused on every segment, as prepaid virtual-card issuers do:
 * gambling and lotteries, and the "quasi-cash" codes through which a prepaid card could be turned
 * back into cash or crypto (money transfer, money orders, crypto exchanges, wire transfers).
 */
export const BLOCKED_MERCHANT_CATEGORIES: ReadonlySet<string> = new Set([
  '7995', // betting, casino gambling, lotteries
  '7800', // government-owned lotteries
  '7801', // government-licensed online casinos
  '7802', // government-licensed horse and dog racing
  '6051', // quasi-cash: crypto currency, money orders, travellers' cheques
  '6211', // security brokers and dealers
  '4829', // money transfer and wire transfer
  '6012', // financial institutions: merchandise and services (card-to-card funding)
  '6540', // stored-value card loads (funding another prepaid card)
]);

/** Merchant countries under comprehensive sanctions: every authorization from them is refused. */
export const BLOCKED_MERCHANT_COUNTRIES: ReadonlySet<string> = new Set(['CU', 'IR', 'KP', 'SY']);

/** The largest single authorization, minor units per card currency (10,000 USD). */
export const SINGLE_TRANSACTION_LIMIT: Readonly<Record<string, number>> = { USD: 1_000_000 };
export const DEFAULT_SINGLE_TRANSACTION_LIMIT = 1_000_000;

/**
 * Velocity: a card asked for more than this many authorizations within VELOCITY_WINDOW_SECONDS is
 * being tested by someone with a stolen number (card testing), so further ones are declined as
 * suspected fraud until the rate drops.
 */
export const VELOCITY_MAX_AUTHORIZATIONS = 10;
export const VELOCITY_WINDOW_SECONDS = 60;

/** The house account every approved authorization moves money into, per currency. */
export function networkFunding(currency: string) {
  return { house: { kind: 'card_funding' as const, name: 'network', currency } };
}
