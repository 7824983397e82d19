/** Builds the AppContext from a validated environment: database, secrets, mail, storage, clients, clock. */
import { WEB_CLIENT_ID } from '../contract/auth-clients';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import type { Env } from './env';
import { parseClients } from './env';
import { SecretBox } from './lib/crypto';
import { createLogger } from './lib/logger';
import { claimDatabaseKey } from './lib/key-fingerprint';
import { loadSecretChecker, weakKeyProblem } from './lib/secret-strength';
import { createOutboxMail } from './providers/mail/outbox-mail';
import { createSmtpMail } from './providers/mail/smtp-mail';
import { createIdentityProvider } from './providers/identity';
import { createIssuerProvider, issuerProductionProblems } from './providers/issuer';
import { createPaymentsProvider, paymentsProductionProblems } from './providers/payments';
import { parseChannelSecrets } from './providers/payments/channel-secrets';
import { payoutsConfigProblems } from './providers/payouts';
import { createStorageProvider, storageConfigProblems, storageProductionProblems } from './providers/storage';

/**
 * Production refuses sandbox providers and default or guessable secrets (issue 2 §2, issue 28 §3).
 * Asynchronous because the strength estimator's dictionaries load only here.
 */
export async function productionProblems(env: Env): Promise<string[]> {
  if (env.APP_MODE !== 'production') return [];
  const problems: string[] = [];
  if (!env.SMTP_URL) problems.push('SMTP_URL is required (the sandbox outbox is demo-only)');
  if (!env.SECRET_KEY) problems.push('SECRET_KEY is required (no generated key file in production)');
  problems.push(...(await secretStrengthProblems(env)));
  if (!env.DATABASE_URL) problems.push('DATABASE_URL is required (PGlite is the embedded demo database)');
  problems.push(...paymentsProductionProblems(env));
  problems.push(...issuerProductionProblems(env));
  problems.push(...storageProductionProblems(env));
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY)
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required (Web Push signs with them)');
  if (env.VAPID_SUBJECT.endsWith('.local'))
    problems.push('VAPID_SUBJECT must be a contact the push services can reach');
  return problems;
}

/** Every configured secret, checked for length and guessability (lib/secret-strength.ts). */
async function secretStrengthProblems(env: Env): Promise<string[]> {
  const named: [string, string][] = [];
  const clients = parseClients(env.OAUTH_CLIENTS);
  for (const [id, secret] of clients) named.push([`OAUTH_CLIENTS secret of "${id}"`, secret]);
  for (const [channel, secret] of parseChannelSecrets(env.PAYMENT_CHANNEL_SECRETS))
    named.push([`PAYMENT_CHANNEL_SECRETS secret of ${channel}`, secret]);
  if (env.ISSUER_EVENT_SECRET) named.push(['ISSUER_EVENT_SECRET', env.ISSUER_EVENT_SECRET]);
  if (env.IDENTITY_API_SECRET) named.push(['IDENTITY_API_SECRET', env.IDENTITY_API_SECRET]);
  if (env.PAYOUT_API_SECRET) named.push(['PAYOUT_API_SECRET', env.PAYOUT_API_SECRET]);
  if (env.VAPID_PRIVATE_KEY) named.push(['VAPID_PRIVATE_KEY', env.VAPID_PRIVATE_KEY]);
  if (env.S3_SECRET_ACCESS_KEY) named.push(['S3_SECRET_ACCESS_KEY', env.S3_SECRET_ACCESS_KEY]);
  if (named.length === 0) return [];
  const check = await loadSecretChecker();
  return named.map(([name, secret]) => check(name, secret)).filter((p) => p !== null);
}

/** A configured server key must be 32 bytes that look random, in every mode (lib/secret-strength.ts). */
export function keyConfigProblems(env: Env): string[] {
  if (!env.SECRET_KEY) return [];
  const key = Buffer.from(env.SECRET_KEY, 'base64');
  if (key.length !== 32) return ['SECRET_KEY must be 32 bytes, base64 encoded (`openssl rand -base64 32`)'];
  const weak = weakKeyProblem('SECRET_KEY', key);
  return weak ? [weak] : [];
}

/**
 * `OAUTH_CLIENTS` lists confidential clients only. The PWA's id is public and takes no secret, so
 * a secret configured for it would protect nothing and suggest it did (decisions.md "Token clients").
 */
export function clientConfigProblems(env: Env): string[] {
  return parseClients(env.OAUTH_CLIENTS).has(WEB_CLIENT_ID)
    ? [
        `OAUTH_CLIENTS must not name "${WEB_CLIENT_ID}": it is the PWA's public client and takes no secret; list only confidential integrators`,
      ]
    : [];
}

export async function buildContext(env: Env, options: { now?: () => Date } = {}): Promise<AppContext> {
  const problems = await productionProblems(env);
  if (problems.length > 0) throw new Error(`Refusing to start in production mode: ${problems.join('; ')}`);
  const mismatched = [
    ...keyConfigProblems(env),
    ...clientConfigProblems(env),
    ...payoutsConfigProblems(env),
    ...storageConfigProblems(env),
  ];
  if (mismatched.length > 0) throw new Error(`Refusing to start: ${mismatched.join('; ')}`);
  const log = createLogger(env.LOG_LEVEL);
  const box = env.SECRET_KEY ? SecretBox.fromBase64(env.SECRET_KEY) : SecretBox.fromDataDir(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  try {
    await claimDatabaseKey(database, box, env.SECRET_KEY ? 'SECRET_KEY' : `The key file in ${env.DATA_DIR}`);
  } catch (error) {
    await database.close();
    throw new Error(`Refusing to start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const mail = env.SMTP_URL
    ? createSmtpMail(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMail(database.db, env.LOG_LEVEL === 'silent' ? null : (line) => process.stdout.write(line));
  const now = options.now ?? (() => new Date());
  return {
    env,
    database,
    box,
    mail,
    storage: createStorageProvider(env),
    payments: createPaymentsProvider(env, box),
    issuer: createIssuerProvider(env, box, now),
    identity: createIdentityProvider(env),
    log,
    clients: parseClients(env.OAUTH_CLIENTS),
    now,
  };
}
