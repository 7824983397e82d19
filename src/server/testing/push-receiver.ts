/**
 * A push service for tests: a local HTTP endpoint that plays one browser. It holds a P-256 key pair
 * and an auth secret like a browser's push subscription, receives what the server sends, checks the
 * VAPID authorization (RFC 8292: an ES256 token for this origin, signed by the key it names) and
 * decrypts the aes128gcm body (RFC 8188 framing, RFC 8291 keys) with its own private key — so a
 * test reads exactly what a real browser would, and a wrongly encrypted push fails to decrypt.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The decrypted payload, parsed as JSON. */
  message: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  /** The VAPID public key the server signed with (base64url). */
  vapidKey: string;
}

export interface PushReceiver {
  /** What `PushSubscription.toJSON()` would give for this browser. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The status the next deliveries answer (201 by default; 410 plays an expired subscription). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, as Web Push sends it. */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error('not a single aes128gcm record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292 §2: `vapid t=<ES256 JWT>, k=<public key>`; the token's audience is the endpoint's origin. */
export function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`);
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return key;
}

/**
 * `tls`: serve https with this key and certificate, as a real push service does (production
 * accepts https endpoints only; tests/production trusts the certificate in the server process).
 */
export async function startPushReceiver(
  options: { tls?: { key: Buffer; cert: Buffer } } = {},
): Promise<PushReceiver> {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  let status = 201;
  let origin = '';
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapidKey = checkVapid(req.headers.authorization, origin);
        const plain = decryptAes128gcm(Buffer.concat(chunks), keys, authSecret);
        received.push({
          message: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          headers: req.headers,
          vapidKey,
        });
        res.writeHead(status).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handle) : createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    subscription: {
      endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    received,
    answerWith: (next) => {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
