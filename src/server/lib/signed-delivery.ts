/**
 * What a provider's signed callback delivers (payment channels, the issuer, the identity provider,
 * the payout gateway): the raw bytes, which the signature covers and which must be checked before
 * anything parses them, the signature header, and the caller's address.
 */
export interface SignedDelivery {
  rawBody: string;
  signature: string | undefined;
  ip: string;
}

/** The body as JSON, or undefined when it is not JSON (each caller answers "malformed"). */
export function parseJsonBody(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return undefined;
  }
}
