/**
 * What a provider's signed callback delivers (payment channels, the issuer, the identity provider,
 * the payout gateway): the raw bytes, which the signature covers and which must be checked before
 * anything parses them, the signature header, and the caller's address.
 */
import type { Context } from 'hono';
import { refuseBadCallbackBody } from './body-shape';

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

/**
 * The raw body of a callback, refused (400) before its signature is checked, parsed or stored when
 * it holds a NUL byte or lone surrogate, or nests too deep (lib/body-shape.ts, issue 29 §12).
 */
export async function readCallbackBody(c: Context): Promise<string> {
  const rawBody = await c.req.text();
  refuseBadCallbackBody(rawBody);
  return rawBody;
}
