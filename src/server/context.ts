/** What every operation may use. Built once in app.ts; tests build it with their own clock and env. */
import type { Database } from './db/client';
import type { Env } from './env';
import type { SecretBox } from './lib/crypto';
import type { Logger } from './lib/logger';
import type { IdentityProvider } from './providers/identity';
import type { IssuerProvider } from './providers/issuer';
import type { MailProvider } from './providers/mail/mail-provider';
import type { PaymentsProvider } from './providers/payments/payments-provider';
import type { StorageProvider } from './providers/storage/storage-provider';

export interface AppContext {
  env: Env;
  database: Database;
  box: SecretBox;
  mail: MailProvider;
  /** Uploaded files' bytes: DATA_DIR/uploads by default, an S3-compatible store with STORAGE_PROVIDER=s3. */
  storage: StorageProvider;
  /** The payment channels of top-ups (the sandbox simulator in demo mode). */
  payments: PaymentsProvider;
  /** The card issuer (the sandbox issuer in demo mode). */
  issuer: IssuerProvider;
  /** Identity verification (the sandbox review desk in demo mode). */
  identity: IdentityProvider;
  log: Logger;
  /** Registered token clients: id -> secret. */
  clients: Map<string, string>;
  /** The clock; tests move it to cross expiry and idle limits. */
  now: () => Date;
}
