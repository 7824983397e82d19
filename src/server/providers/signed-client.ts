/**
 * The client side of the small signed JSON protocols of the production providers (the payments
 * gateway, the card issuer): each request body and each answer is signed with
 * `X-Signature: hex(HMAC-SHA256(secret, rawBody))` (payments/signature.ts).
 */
import { SIGNATURE_HEADER, signBody, verifySignature } from './payments/signature';

export interface SignedClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A function that POSTs a body to `path` signed with `secret` and answers the text of the verified
 * answer. `service` names the other side in the errors, which never quote the answer (it may hold
 * a card number).
 */
export function signedJsonClient(
  options: SignedClientOptions,
  service: string,
): (path: string, body: object, secret: string) => Promise<string> {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  return async (path, body, secret) => {
    const raw = JSON.stringify(body);
    const res = await send(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, raw) },
      body: raw,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${service} ${path} answered HTTP ${res.status}`);
    if (!verifySignature(secret, text, res.headers.get(SIGNATURE_HEADER) ?? undefined))
      throw new Error(`${service} ${path} answer has a bad signature`);
    return text;
  };
}
