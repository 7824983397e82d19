/**
 * The console's calls, typed from the operator contract (contract/operator.ts). The session token
 * lives in sessionStorage only (a tab's session, gone with the tab); a 401 from any call ends it
 * and goes back to sign-in.
 */
import type { OperatorEndpointDef, OperatorRequestOf, OperatorResponseOf } from '@contract/operator';
import { consoleLang } from './i18n';

const TOKEN_KEY = 'console.token';

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

export class ConsoleError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

let onSignedOut: () => void = () => undefined;
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

function headers(): Record<string, string> {
  const out: Record<string, string> = { 'accept-language': consoleLang() === 'en' ? 'en' : 'zh-CN' };
  const token = session.token();
  if (token) out.authorization = `Bearer ${token}`;
  return out;
}

function urlOf(def: OperatorEndpointDef, input: Record<string, unknown>): string {
  if (def.method !== 'GET') return def.path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${def.path}?${text}` : def.path;
}

async function send(def: OperatorEndpointDef, input: Record<string, unknown>): Promise<Response> {
  const init: RequestInit = { method: def.method, headers: headers() };
  if (def.method !== 'GET') {
    init.headers = { ...headers(), 'content-type': 'application/json' };
    init.body = JSON.stringify(input);
  }
  return fetch(urlOf(def, input), init);
}

function refuse(code: number, msg: string): never {
  if (code === 401) {
    session.clear();
    onSignedOut();
  }
  throw new ConsoleError(code, msg);
}

export async function call<E extends OperatorEndpointDef>(
  def: E,
  input: OperatorRequestOf<E>,
): Promise<OperatorResponseOf<E>> {
  const res = await send(def, input as Record<string, unknown>);
  const body = (await res.json()) as { code: number; msg: string; data: OperatorResponseOf<E> };
  if (body.code !== 200) refuse(body.code, body.msg);
  return body.data;
}

/** A file or image answer as a Blob (images cannot send the Authorization header themselves). */
export async function callBlob<E extends OperatorEndpointDef>(
  def: E,
  input: OperatorRequestOf<E>,
): Promise<Blob> {
  const res = await send(def, input as Record<string, unknown>);
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const body = (await res.json()) as { code: number; msg: string };
    refuse(body.code, body.msg);
  }
  return res.blob();
}
