/**
 * A signature check in front of s3rver, which checks only the access key id of a SigV4 request.
 * This gate recomputes each request's signature from the AWS Signature Version 4 rules
 * independently of aws4fetch, checks the signed payload hash against the body, and answers 403 in
 * S3's XML like a real store when either is wrong; good requests are passed on unchanged. So the
 * storage tests fail if the provider signs wrongly, even though s3rver itself would accept it.
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SigV4Gate {
  endpoint: string;
  /** Requests refused so far, by reason (tests check the gate was really in the path). */
  refused: string[];
  close(): Promise<void>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants for query names and values. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Why the request's signature is wrong, or null when it is right. */
function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  secrets: Map<string, string>,
  storeRegion: string,
): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!auth) return 'AccessDenied';
  const [, keyId = '', date = '', region = '', signedHeaders = '', signature = ''] = auth;
  const secret = secrets.get(keyId);
  if (secret === undefined) return 'InvalidAccessKeyId';
  // AWS's answer to a request signed for another region than the bucket's.
  if (region !== storeRegion) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
    if (!names.includes(required)) return 'AccessDenied';
  if (!amzDate.startsWith(date)) return 'SignatureDoesNotMatch';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
    return 'XAmzContentSHA256Mismatch';
  const url = new URL(req.url ?? '/', 'http://gate');
  const canonical = [
    req.method ?? 'GET',
    url.pathname,
    canonicalQuery(url.searchParams),
    names
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch';
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function pass(
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
  upstream: string,
): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
  const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
  });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'transfer-encoding' && name !== 'connection' && name !== 'content-encoding')
      out[name] = value;
  });
  res.writeHead(answer.status, out);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** Start a gate on a free loopback port that checks signatures for `secrets` (key id → secret). */
export async function startSigV4Gate(
  upstream: string,
  secrets: Map<string, string>,
  region: string,
): Promise<SigV4Gate> {
  const refused: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const problem = signatureProblem(req, body, secrets, region);
      if (problem) {
        refused.push(problem);
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${problem}</Code><Message>refused by the test gate</Message></Error>`;
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : xml);
        return;
      }
      await pass(req, body, res, upstream);
    })().catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refused,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
