/**
 * The one HTTP client of the PWA. It owns everything the contract says about transport
 * (api-conventions.md): encodings, the Bearer/Basic authorization, Accept-Language, the envelope,
 * the token refresh, idempotency keys and the error catalogue of spec §8. Feature code only ever
 * does `call(endpoint, input)` with an endpoint of src/contract and gets typed `data` back.
 */
import ky, { TimeoutError } from 'ky';
import type { EndpointDef, Envelope, RequestOf, ResponseOf } from '../../contract/core';
import { WEB_CLIENT_BASIC } from '../../contract/auth-clients';
import {
  catalogueMessage,
  identityLevelNeeded,
  NEED_STEP_CODE,
  NO_RESPONSE_CODE,
  SESSION_END_CODES,
} from './catalogue';
import { takeBootAnswer } from './boot-answers';
import { localeOf, storedLang, translate } from './i18n';
import { toastError } from './notify';
import { endSession, saveTokens } from './session';
import { getItem } from './storage';

export { catalogueMessage } from './catalogue';

/** Spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 180_000;

/** api-conventions.md: this user lacks the permission (does not sign out). */
const NO_PERMISSION_CODE = 4030;

/** The PWA is a public client: its fixed Basic authorization is no secret (api-conventions.md "Authentication"). */
const CLIENT_AUTHORIZATION = `Basic ${btoa(WEB_CLIENT_BASIC)}`;

/** A non-200 answer (or no answer: code 0). `data` carries details, e.g. the 428 step. */
export class ApiError<D = unknown> extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: D,
    readonly path: string,
  ) {
    super(msg || `API error ${code} at ${path}`);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /**
   * For money-moving calls: pass a key made with `newIdempotencyKey()` when the form may be
   * submitted again (e.g. after a timeout), so the server can recognise the repeat. Without one,
   * a fresh key is made per call (and still reused for the retry after a token refresh).
   */
  idempotencyKey?: string;
  /** No toast for errors (spec §7: header data loads ignore failures silently). */
  silent?: boolean;
  /**
   * Where the message of a refusal goes instead of a toast: a form that says it beside its own
   * button (sign-in: a toast in the middle of a phone screen covered the password field).
   */
  showMessage?: (text: string) => void;
  signal?: AbortSignal;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

type SignInRedirect = () => void;
let redirectToSignIn: SignInRedirect = () => {
  window.location.hash = '#/';
};

/** The router registers how to reach sign-in (it knows the current location for `redirect`). */
export function setSignInRedirect(handler: SignInRedirect): void {
  redirectToSignIn = handler;
}

type PageOpener = (path: '/identity') => void;
let openPage: PageOpener = (path) => {
  window.location.hash = `#${path}`;
};

/** The router registers how to open a page a message links to (the verification page). */
export function setPageOpener(handler: PageOpener): void {
  openPage = handler;
}

/**
 * What fetches the stored rights again when the server refuses one (main.tsx registers
 * lib/access-refresh.ts, loaded on demand). Registered, not imported: access-refresh calls through
 * this module, and the two would import each other.
 */
let refreshRights: () => void = () => undefined;

export function setRightsRefresh(handler: () => void): void {
  refreshRights = handler;
}

const client = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0, // Retries are ours to decide (refresh, idempotency); never automatic.
  throwHttpErrors: false, // Every answer is an envelope, whatever the HTTP status.
  credentials: 'same-origin',
});

type Body = { json: unknown } | { body: BodyInit } | Record<string, never>;

/** Builds the absolute URL of an endpoint; GET inputs become the query. */
export function urlOf<E extends EndpointDef>(endpoint: E, input?: RequestOf<E>): string {
  const url = new URL(endpoint.path, window.location.origin);
  if (endpoint.method === 'GET' && input) {
    for (const [name, value] of fieldsOf(input)) url.searchParams.append(name, value);
  }
  return url.toString();
}

/** Flattens an input object into name/value pairs; undefined and null are "not given". */
function fieldsOf(input: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (typeof input !== 'object' || input === null) return pairs;
  for (const [name, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      pairs.push([name, textOf(item)]);
    }
  }
  return pairs;
}

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function bodyOf(endpoint: EndpointDef, input: unknown): Body {
  if (endpoint.method === 'GET') return {};
  switch (endpoint.encoding) {
    case 'json':
      return { json: input ?? {} };
    case 'multipart': {
      const form = new FormData();
      if (typeof input === 'object' && input !== null) {
        for (const [name, value] of Object.entries(input)) {
          if (value instanceof Blob) form.append(name, value);
          else if (value !== undefined && value !== null) form.append(name, textOf(value));
        }
      }
      return { body: form };
    }
    default:
      return { body: new URLSearchParams(fieldsOf(input)) };
  }
}

/** Language, authorization and idempotency headers of a request; `token` is the bearer sent. */
function requestHeaders(endpoint: EndpointDef, idempotencyKey: string | undefined, accept: string) {
  const headers = new Headers({ 'Accept-Language': localeOf(storedLang()), Accept: accept });
  const token = endpoint.auth === 'bearer' ? getItem('access_token') : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (endpoint.auth === 'client') headers.set('Authorization', CLIENT_AUTHORIZATION);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  return { headers, token };
}

interface Sent {
  envelope: Envelope;
  /** The access token the request carried, to tell whether someone refreshed meanwhile. */
  token: string | null;
}

async function send(
  endpoint: EndpointDef,
  input: unknown,
  idempotencyKey: string | undefined,
  signal?: AbortSignal,
): Promise<Sent> {
  const { headers, token } = requestHeaders(endpoint, idempotencyKey, 'application/json');

  const url =
    endpoint.method === 'GET' ? urlOf(endpoint, input as RequestOf<typeof endpoint>) : urlOf(endpoint);
  try {
    const ask = () => client(url, { method: endpoint.method, headers, signal, ...bodyOf(endpoint, input) });
    // Home's first answers may be under way already, asked by index.html's boot script.
    const early = takeBootAnswer(endpoint.method, url, token, headers.get('Accept-Language') ?? '');
    const response = early ? await early.catch(ask) : await ask();
    return { envelope: await envelopeOf(response, endpoint.path), token };
  } catch (error) {
    if (signal?.aborted) throw error; // The caller gave up; nothing to tell the user.
    const code = error instanceof TimeoutError ? 408 : NO_RESPONSE_CODE;
    return { envelope: { code, msg: '', data: null, path: endpoint.path }, token };
  }
}

/** Reads the envelope; a body that is not one (a proxy's HTML error page) keeps the HTTP status. */
async function envelopeOf(response: Response, path: string): Promise<Envelope> {
  const fallback: Envelope = { code: response.status, msg: '', data: null, path };
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || typeof (body as Envelope).code !== 'number')
      return fallback;
    const envelope = body as Partial<Envelope> & { code: number };
    return {
      code: envelope.code,
      msg: typeof envelope.msg === 'string' ? envelope.msg : '',
      data: envelope.data ?? null,
      path: typeof envelope.path === 'string' && envelope.path ? envelope.path : path,
    };
  } catch {
    return fallback;
  }
}

let refreshing: Promise<boolean> | null = null;

/** Single-flight refresh: parallel 600s share one refresh grant (a second would be a reuse: 610). */
export function refreshSession(): Promise<boolean> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(): Promise<boolean> {
  const refresh_token = getItem('refresh_token');
  if (!refresh_token) return false;
  // Loaded here, not at the top: the contract carries zod, which the sign-in page loads lazily.
  const { refreshToken } = await import('../../contract/auth');
  const { envelope } = await send(refreshToken, { grant_type: 'refresh_token', refresh_token }, undefined);
  if (envelope.code !== 200) return false;
  saveTokens(envelope.data as ResponseOf<typeof refreshToken>);
  return true;
}

/**
 * Calls an endpoint of the contract. Resolves with `data` on code 200; otherwise shows the
 * catalogue message (unless silent, and never for 428) and rejects with an ApiError.
 *
 * The answer is not re-validated here: the server validates against the same contract, and
 * parsing every answer again would cost the sign-in page bundle and runtime for no new guarantee.
 */
export async function call<E extends EndpointDef>(
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const key = endpoint.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const first = await send(endpoint, input, key, options.signal);
  let envelope = first.envelope;

  if (envelope.code === 600 && endpoint.auth === 'bearer') {
    // If another call already refreshed after this request left, just retry with the new token.
    const refreshed = getItem('access_token') !== first.token || (await refreshSession());
    if (refreshed) envelope = (await send(endpoint, input, key, options.signal)).envelope;
  }

  if (envelope.code === 200) return envelope.data as ResponseOf<E>;
  throw failure(endpoint, envelope, options);
}

let lastForcedSignIn = 0;

function failure(endpoint: EndpointDef, envelope: Envelope, options: CallOptions): ApiError {
  const { code, msg, data, path } = envelope;
  const sessionOver = SESSION_END_CODES.has(code) && endpoint.auth === 'bearer';
  if (sessionOver) {
    forceSignIn();
    return new ApiError(code, msg, data, path);
  }
  // The stored rights let the user try something the server refuses: they are out of date (the
  // owner changed the member's role). Fetch them again so the screen follows.
  if (code === NO_PERMISSION_CODE && endpoint.auth === 'bearer') {
    refreshRights();
  }
  if (!options.silent && code !== NEED_STEP_CODE) {
    const text = messageFor(endpoint, envelope);
    // Refused for the verification level: the message comes with a way to the verification page.
    if (text && identityLevelNeeded(code, data))
      void import('./identity-refusal').then(({ offerIdentity }) => offerIdentity(text, openPage));
    else if (text && options.showMessage) options.showMessage(text);
    else if (text) toastError(text);
  }
  return new ApiError(code, msg, data, path);
}

function messageFor(endpoint: EndpointDef, { code, msg, path }: Envelope): string | null {
  if (code === NO_RESPONSE_CODE && typeof navigator !== 'undefined' && !navigator.onLine) {
    return translate('common:catalogue.offline');
  }
  // Without a session there is nothing "expired": a sign-in refused with 401/403 (unknown client,
  // frozen account) shows the server's reason rather than "please login" on the login page.
  if (SESSION_END_CODES.has(code) && endpoint.auth !== 'bearer' && msg.trim()) return msg;
  return catalogueMessage(code, msg, path, (key) => translate(key));
}

/**
 * Spec §8: 401/403/600/610 clear the storage and send the user to sign-in (one toast only). The
 * live stream ends a session the same way, with the reason the server gave (`text`).
 */
export function forceSignIn(text = translate('common:catalogue.401')): void {
  const now = Date.now();
  const first = now - lastForcedSignIn > 3000;
  lastForcedSignIn = now;
  void endSession();
  if (!first) return;
  toastError(text);
  redirectToSignIn();
}

// ---------------------------------------------------------------------------------------------
// File downloads (endpoints declared with `answer: 'file'` or `'image'`)

/** A downloaded file; `fileName` is null when the answer did not name it. */
export interface Downloaded {
  blob: Blob;
  fileName: string | null;
}

type Fetched = { file: Downloaded } | { envelope: Envelope };

/**
 * Downloads a file endpoint with the same transport rules as `call()`: Bearer token, language,
 * one refresh and retry on 600, and the error catalogue. A successful answer is the file itself;
 * a failure is the usual JSON envelope, which rejects with an ApiError (and a toast unless silent).
 */
export async function download<E extends EndpointDef>(
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<Downloaded> {
  const key = endpoint.idempotent ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const first = await fetchFile(endpoint, input, key, options.signal);
  let fetched = first.fetched;

  if ('envelope' in fetched && fetched.envelope.code === 600 && endpoint.auth === 'bearer') {
    const refreshed = getItem('access_token') !== first.token || (await refreshSession());
    if (refreshed) fetched = (await fetchFile(endpoint, input, key, options.signal)).fetched;
  }

  if ('file' in fetched) return fetched.file;
  throw failure(endpoint, fetched.envelope, options);
}

async function fetchFile(
  endpoint: EndpointDef,
  input: unknown,
  idempotencyKey: string | undefined,
  signal?: AbortSignal,
): Promise<{ fetched: Fetched; token: string | null }> {
  const { headers, token } = requestHeaders(endpoint, idempotencyKey, '*/*');
  const url =
    endpoint.method === 'GET' ? urlOf(endpoint, input as RequestOf<typeof endpoint>) : urlOf(endpoint);
  try {
    const response = await client(url, {
      method: endpoint.method,
      headers,
      signal,
      ...bodyOf(endpoint, input),
    });
    const json = (response.headers.get('Content-Type') ?? '').toLowerCase().includes('application/json');
    // A file endpoint answers JSON only to refuse (the envelope); anything else is the file.
    if (response.ok && !json) {
      const fileName = fileNameOf(response.headers.get('Content-Disposition'));
      return { fetched: { file: { blob: await response.blob(), fileName } }, token };
    }
    return { fetched: { envelope: await envelopeOf(response, endpoint.path) }, token };
  } catch (error) {
    if (signal?.aborted) throw error;
    const code = error instanceof TimeoutError ? 408 : NO_RESPONSE_CODE;
    return { fetched: { envelope: { code, msg: '', data: null, path: endpoint.path } }, token };
  }
}

/**
 * The file name of a Content-Disposition header: the RFC 6266 `filename*` (UTF-8, percent-encoded,
 * used for Chinese names) before the plain `filename`. Only the last path segment is kept, so a
 * name can never point into a folder.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  let name: string | null = null;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null; // Malformed escapes: fall back to the plain name.
    }
  }
  if (!name) {
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim() ?? null) : null;
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base ? base : null;
}
