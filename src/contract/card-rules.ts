/**
 * The fixed numbers of the card domain (spec §5, §9 and issue 5), shared by the server's rules and
 * the PWA's checks so both refuse the same input.
 */

/** Cards per `batchOpenCard` request and rows per Excel import. */
export const BATCH_OPEN_MAX = 500;
/** Cards per `batchRecharge` / `batchDelete` request. */
export const BATCH_ACTION_MAX = 500;

/** Spec §5/§9: a single card load above 1000 USD goes through customer service. */
export const CARD_RECHARGE_SERVICE_ABOVE_USD = 100_000;

/** Revealed card details are hidden again after this many seconds (issue 5 §3). */
export const REVEAL_SECONDS = 30;

/**
 * After a reveal that spent a step-up (password, Google code or passkey), further reveals of the same
 * session need no new proof for this long (issue 32 §4; docs/decisions.md "Passkeys").
 */
export const REVEAL_WINDOW_SECONDS = 300;

/** Spec §9: the 3-D Secure pool shows the codes of the last hour only. */
export const OTP_WINDOW_SECONDS = 3600;
/** How long one 3-D Secure code can be used at the merchant. */
export const OTP_VALID_SECONDS = 300;

/**
 * The decline-rate rule (spec §9 "decline rate above 5% closes all cards"): over the authorizations
 * of the last RISK_WINDOW_HOURS, once there are at least RISK_MIN_AUTHORIZATIONS of them, a share of
 * declines above RISK_DECLINE_RATE_BP freezes every active card of the account. Declines caused by
 * the customer's own freeze or deletion count like any other: merchants see them the same way.
 */
export const RISK_WINDOW_HOURS = 24;
export const RISK_MIN_AUTHORIZATIONS = 20;
export const RISK_DECLINE_RATE_BP = 500;

/** Labels and holder fields. */
export const LABEL_MAX = 32;
export const NAME_MAX = 40;
export const STREET_MAX = 80;
export const CITY_MAX = 40;

/**
 * Billing postcodes by country: a US ZIP (5 digits, optionally +4), a UK postcode, or 3 to 10
 * letters/digits elsewhere. Refused with spec §5's "Incorrect zip code format".
 */
export const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  CN: /^\d{6}$/,
  HK: /^\d{0,6}$/,
};
export const POSTCODE_FALLBACK = /^[A-Z0-9][A-Z0-9 -]{1,8}[A-Z0-9]$/i;

export function isValidPostcode(country: string, postcode: string): boolean {
  const pattern = POSTCODE_PATTERNS[country.toUpperCase()] ?? POSTCODE_FALLBACK;
  return pattern.test(postcode.trim());
}

/**
 * The customer's own spending rules that declined an authorization (issue 33, contract/spending.ts),
 * one reason per rule. Kept here, zod-free, beside the issuer's reasons.
 */
export const SPEND_RULE_REASONS = [
  'rule_not_yet_valid',
  'rule_validity_ended',
  'rule_category',
  'rule_country',
  'rule_per_authorization',
  'rule_single_use',
  'rule_daily',
  'rule_monthly',
  'rule_lifetime',
  'group_budget',
] as const;
export type SpendRuleReason = (typeof SPEND_RULE_REASONS)[number];

/** The reasons a merchant authorization is declined; each has a translated text for the customer. */
export const DECLINE_REASONS = [
  'insufficient_balance',
  'card_frozen',
  'card_deleted',
  'segment_maintenance',
  'merchant_not_supported',
  'currency_not_supported',
  'card_expired',
  'incorrect_cvv',
  'suspected_fraud',
  'amount_limit',
  /** The payment would pass the monthly USD spend limit the owner set for the card's member. */
  'member_spend_limit',
  ...SPEND_RULE_REASONS,
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
