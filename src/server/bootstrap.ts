/** Builds the AppContext from a validated environment: database, secrets, mail, storage, clients, clock. */
import { join } from 'node:path';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import type { Env } from './env';
import { parseClients } from './env';
import { SecretBox } from './lib/crypto';
import { createLogger } from './lib/logger';
import { createOutboxMail } from './providers/mail/outbox-mail';
import { createSmtpMail } from './providers/mail/smtp-mail';
import { createIdentityProvider } from './providers/identity';
import { createIssuerProvider, issuerProductionProblems } from './providers/issuer';
import { createPaymentsProvider, paymentsProductionProblems } from './providers/payments';
import { payoutsConfigProblems } from './providers/payouts';
import { createLocalFolderStorage } from './providers/storage/local-folder-storage';

export const DEFAULT_CLIENTS = 'portal:portal';

/** Production refuses sandbox providers and default secrets (issue 2, section 2). */
export function productionProblems(env: Env): string[] {
  if (env.APP_MODE !== 'production') return [];
  const problems: string[] = [];
  if (!env.SMTP_URL) problems.push('SMTP_URL is required (the sandbox outbox is demo-only)');
  if (!env.SECRET_KEY) problems.push('SECRET_KEY is required (no generated key file in production)');
  if (env.OAUTH_CLIENTS === DEFAULT_CLIENTS) problems.push('OAUTH_CLIENTS must not use the default secret');
  if (!env.DATABASE_URL) problems.push('DATABASE_URL is required (PGlite is the embedded demo database)');
  problems.push(...paymentsProductionProblems(env));
  problems.push(...issuerProductionProblems(env));
  return problems;
}

export async function buildContext(env: Env, options: { now?: () => Date } = {}): Promise<AppContext> {
  const problems = productionProblems(env);
  if (problems.length > 0) throw new Error(`Refusing to start in production mode: ${problems.join('; ')}`);
  const mismatched = payoutsConfigProblems(env);
  if (mismatched.length > 0) throw new Error(`Refusing to start: ${mismatched.join('; ')}`);
  const log = createLogger(env.LOG_LEVEL);
  const box = env.SECRET_KEY ? SecretBox.fromBase64(env.SECRET_KEY) : SecretBox.fromDataDir(env.DATA_DIR);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const mail = env.SMTP_URL
    ? createSmtpMail(env.SMTP_URL, env.MAIL_FROM)
    : createOutboxMail(database.db, env.LOG_LEVEL === 'silent' ? null : (line) => process.stdout.write(line));
  const now = options.now ?? (() => new Date());
  return {
    env,
    database,
    box,
    mail,
    storage: createLocalFolderStorage(join(env.DATA_DIR, 'uploads')),
    payments: createPaymentsProvider(env, box),
    issuer: createIssuerProvider(env, box, now),
    identity: createIdentityProvider(env),
    log,
    clients: parseClients(env.OAUTH_CLIENTS),
    now,
  };
}
