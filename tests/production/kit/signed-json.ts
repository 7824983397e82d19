/**
 * The small signed JSON protocol every production gateway of the portal speaks
 * (src/server/providers/signed-client.ts out, src/server/lib/signed-delivery.ts in): each body is
 * signed `X-Signature: hex(HMAC-SHA256(secret, rawBody))`. This is the other side of it: a local
 * HTTP server that refuses a request whose signature does not hold and signs its answers, and a
 * sender for the signed callbacks and events that go the other way, to the portal.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SIGNATURE_HEADER,
  signBody,
  verifySignature,
} from '../../../src/server/providers/payments/signature';

export interface SignedJsonServer {
  /** The base URL the portal is configured with (its `..._URL` setting). */
  url: string;
  /** Requests refused for a bad signature or an unknown path (a test checks it stays empty). */
  refused: string[];
  close(): Promise<void>;
}

/** What a handler answers: an object (sent as JSON), or null for an empty body. */
type Handler = (body: Record<string, unknown>) => unknown;

/**
 * `secretFor` picks the key a request is signed with (the payment gateway has one per channel);
 * `routes` maps each path under the base URL to its handler.
 */
export async function startSignedJsonServer(
  secretFor: (body: Record<string, unknown>) => string | undefined,
  routes: Record<string, Handler>,
): Promise<SignedJsonServer> {
  const refused: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').replace(/^\/v1/, '');
      const handler = routes[path];
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const secret = secretFor(body);
      const signature = req.headers[SIGNATURE_HEADER.toLowerCase()];
      if (
        req.method !== 'POST' ||
        !handler ||
        !secret ||
        !verifySignature(secret, raw, typeof signature === 'string' ? signature : undefined)
      ) {
        refused.push(`${req.method} ${req.url}`);
        res.writeHead(401).end();
        return;
      }
      try {
        const result = handler(body);
        const answer = result === null || result === undefined ? '' : JSON.stringify(result);
        res.writeHead(200, {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signBody(secret, answer),
        });
        res.end(answer);
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // A path prefix, as a real provider's API has one: the portal must keep it when it joins paths.
    url: `http://127.0.0.1:${port}/v1`,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface PortalAnswer {
  status: number;
  body: { code: number; msg: string; data: Record<string, unknown> | null };
}

/** POSTs `body` signed with `secret` to the portal, as a provider sends its callbacks and events. */
export async function deliverSigned(url: string, body: object, secret: string): Promise<PortalAnswer> {
  const raw = JSON.stringify(body);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, raw) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as PortalAnswer['body'] };
}
