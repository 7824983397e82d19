/**
 * The operator console's test kit: a signed-in operator of any role in one call, and `opApi` that
 * speaks the operator contract (contract/operator.ts) as the console does.
 */
import type { Envelope } from '../../contract/core';
import type { OperatorEndpointDef, OperatorRequestOf, OperatorRole } from '../../contract/operator';
import { completeSetup, operatorSignIn } from '../../contract/operator';
import { createOperator } from '../modules/operator';
import { googleCodeAt, newGoogleSecret } from '../lib/totp';
import type { Answer, TestApp } from './harness';
import { uniqueEmail } from './harness';

export const OPERATOR_PASSWORD = 'Operator-pass-42!';

export interface SignedInOperator {
  id: string;
  email: string;
  role: OperatorRole;
  password: string;
  secret: string;
  token: string;
  /** The code of the operator's authenticator now, one step after the last one used. */
  nextCode(): string;
}

export async function opApi<E extends OperatorEndpointDef>(
  t: TestApp,
  def: E,
  input: OperatorRequestOf<E> | Record<string, unknown>,
  token?: string,
  lang: 'en' | 'zh-CN' = 'en',
): Promise<Answer & { response: Response }> {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = `Bearer ${token}`;
  let url: string = def.path;
  let body: string | undefined;
  if (def.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ).toString();
    if (query) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input);
  }
  const response = await t.app.request(url, { method: def.method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('application/json')
    ? ((await response.clone().json()) as Envelope)
    : ({ code: response.status, msg: '', data: null, path: url } as Envelope);
  return { status: response.status, body: parsed, response };
}

/** The code of `secret` a step after now: every call moves the clock 30 s so codes never repeat. */
export function freshCode(t: TestApp, secret: string): string {
  t.advance(30_000);
  return googleCodeAt(secret, t.ctx.now());
}

/** A pending operator: created as the command line does, with a known authenticator secret. */
export async function pendingOperator(t: TestApp, role: OperatorRole, email = uniqueEmail(`op-${role}`)) {
  const secret = newGoogleSecret();
  const created = await createOperator(t.ctx, { email, role }, { cli: 'test' }, { totpSecret: secret });
  return { ...created, secret, email };
}

export async function signedInOperator(t: TestApp, role: OperatorRole): Promise<SignedInOperator> {
  const pending = await pendingOperator(t, role);
  const setUp = await opApi(t, completeSetup, {
    token: pending.token,
    password: OPERATOR_PASSWORD,
    totpCode: freshCode(t, pending.secret),
  });
  if (setUp.body.code !== 200) throw new Error(`operator set-up failed: ${JSON.stringify(setUp.body)}`);
  const signedIn = await opApi(t, operatorSignIn, {
    email: pending.email,
    password: OPERATOR_PASSWORD,
    totpCode: freshCode(t, pending.secret),
  });
  if (signedIn.body.code !== 200)
    throw new Error(`operator sign-in failed: ${JSON.stringify(signedIn.body)}`);
  return {
    id: pending.operator.id,
    email: pending.email,
    role,
    password: OPERATOR_PASSWORD,
    secret: pending.secret,
    token: (signedIn.body.data as { access_token: string }).access_token,
    nextCode: () => freshCode(t, pending.secret),
  };
}
