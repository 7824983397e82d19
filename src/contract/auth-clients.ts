/**
 * Token clients, without zod: the PWA's entry bundle reads this (lib/http.ts) and must not carry
 * the contract's schemas (decisions.md "The home page's first paint").
 */
/**
 * The PWA's own client id. It runs in the customer's browser and cannot keep a secret, so it is a
 * public client (RFC 6749 §2.1): the server knows it by id alone. The spec's fixed Basic client
 * authorization stays on the wire as `portal:portal`; its "secret" is public, is not checked, and
 * is nothing an operator sets (decisions.md "Token clients").
 */
export const WEB_CLIENT_ID = 'portal';
/** The fixed Basic credentials the PWA sends (public, not a secret). */
export const WEB_CLIENT_BASIC = `${WEB_CLIENT_ID}:${WEB_CLIENT_ID}`;
