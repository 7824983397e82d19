/**
 * Drives the real Hono app in-process against a private test database, with a clock the test can
 * move. `api()` encodes requests exactly as the contract declares (query, form or JSON) and returns
 * the envelope, so tests speak the same contract as the PWA.
 */
import { desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Tokens } from '../../contract/auth';
import { loginPwd, signup, signupCode } from '../../contract/auth';
import { WEB_CLIENT_BASIC } from '../../contract/auth-clients';
import type { EndpointDef, Envelope, RequestOf } from '../../contract/core';
import { createApp } from '../app';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { settleMailQueue } from '../lib/mail-queue';
import type { Env } from '../env';
import { loadEnv, parseClients } from '../env';
import { SecretBox } from '../lib/crypto';
import { createLogger } from '../lib/logger';
import { createOutboxMail } from '../providers/mail/outbox-mail';
import { createIdentityProvider } from '../providers/identity';
import { createIssuerProvider } from '../providers/issuer';
import { createPaymentsProvider } from '../providers/payments';
import { createStorageProvider } from '../providers/storage';
import { checkAnswer } from './openapi-answers';
import type { TestDatabase, TestDbKind } from './test-db';
import { openTestDatabase } from './test-db';

export const CLIENT_BASIC = `Basic ${Buffer.from(WEB_CLIENT_BASIC).toString('base64')}`;
export const TEST_PASSWORD = 'Sup3r-secret!';

export interface CallOptions {
  token?: string;
  /** Send the registered client's Basic authorization (default for `client` endpoints). */
  client?: boolean;
  lang?: 'zh-CN' | 'en';
  headers?: Record<string, string>;
  /** Send the body as JSON instead of the declared encoding. */
  json?: boolean;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export interface TestApp {
  app: Hono;
  ctx: AppContext;
  kind: TestDbKind;
  /** Move the clock forward. */
  advance(ms: number): void;
  api<E extends EndpointDef>(def: E, input: RequestOf<E>, options?: CallOptions): Promise<Answer>;
  raw(path: string, init?: RequestInit): Promise<Response>;
  /** The newest 6-digit code mailed to an address through the outbox. */
  latestCode(email: string): Promise<string>;
  /** Register through the API (code from the outbox) and return the account's credentials. */
  register(email?: string, password?: string): Promise<{ email: string; password: string; userId: string }>;
  /** Sign in by password through the API. */
  signIn(email: string, password: string): Promise<Tokens>;
  close(): Promise<void>;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

function toStrings(input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

export async function createTestApp(overrides: Partial<Env> = {}): Promise<TestApp> {
  const testDb: TestDatabase = await openTestDatabase();
  const env: Env = {
    ...loadEnv({ LOG_LEVEL: 'silent', ARGON2_MEMORY_KIB: '1024' }),
    DATA_DIR: testDb.dataDir,
    ...overrides,
  };
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const box = SecretBox.fromDataDir(testDb.dataDir);
  const ctx: AppContext = {
    env,
    database: testDb.database,
    box,
    mail: createOutboxMail(testDb.database.db, null),
    // Each test app has its own data folder, so its own uploads (or the object store it was given).
    storage: createStorageProvider(env),
    payments: createPaymentsProvider(env, box),
    issuer: createIssuerProvider(env, box, now),
    identity: createIdentityProvider(env),
    log: createLogger('silent'),
    clients: parseClients(env.OAUTH_CLIENTS),
    now,
  };
  const app = createApp(ctx);

  const api: TestApp['api'] = async (def, input, options = {}) => {
    const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    else if (options.client ?? def.auth === 'client') headers.authorization = CLIENT_BASIC;
    const fields = toStrings((input ?? {}) as Record<string, unknown>);
    let url = def.path as string;
    let body: string | undefined;
    if (def.method === 'GET') {
      const query = new URLSearchParams(fields).toString();
      if (query) url += `?${query}`;
    } else if (options.json || def.encoding === 'json') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input ?? {});
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields).toString();
    }
    const res = await app.request(url, { method: def.method, headers, body });
    const answer = { status: res.status, body: (await res.json()) as Envelope };
    // The OpenAPI document must say what every tested call really answers (openapi-answers.ts).
    checkAnswer(def, answer.status, answer.body);
    return answer;
  };

  const latestCode = async (email: string) => {
    // Signed-out code mails leave through the queue after the answer (lib/mail-queue.ts).
    await settleMailQueue(ctx);
    const [mail] = await ctx.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code mailed to ${email}`);
    return code;
  };

  return {
    app,
    ctx,
    kind: testDb.database.kind,
    advance: (ms) => {
      offset += ms;
    },
    api,
    raw: async (path, init) => app.request(path, init),
    latestCode,
    async register(email = uniqueEmail(), password = TEST_PASSWORD) {
      const sent = await api(signupCode, { email });
      if (sent.body.code !== 200) throw new Error(`signup/code failed: ${JSON.stringify(sent.body)}`);
      // Each address may ask for one code a minute: move past it so later sends in a test work.
      offset += 61_000;
      const code = await latestCode(email);
      const made = await api(signup, { email, code, password, confirmPassword: password });
      if (made.body.code !== 200) throw new Error(`signup failed: ${JSON.stringify(made.body)}`);
      return { email, password, userId: (made.body.data as { userId: string }).userId };
    },
    async signIn(email, password) {
      const answer = await api(loginPwd, { username: email, password });
      if (answer.body.code !== 200) throw new Error(`loginPwd failed: ${JSON.stringify(answer.body)}`);
      return answer.body.data as Tokens;
    },
    close: () => testDb.dispose(),
  };
}
