/**
 * The server's configuration. This is the only file that reads `process.env`; everything else gets
 * a validated `Env`. README.md documents every variable.
 */
import { z } from 'zod';

/**
 * More connections are not faster: on a database of a few cores, connections beyond a couple per
 * core only queue on the same hot rows (a customer's wallet), and the waiting costs the database
 * more than it does in the pool. docs/benchmarks.md measured 2, 3, 4, 8, 12 and 20.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /**
   * Server processes on PostgreSQL (node:cluster, one port); unset means one per core. PGlite is
   * embedded in one process, so it always runs one.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Connections to PostgreSQL per server process (DEFAULT_DATABASE_POOL_SIZE says why so few). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_DATABASE_POOL_SIZE),
  /** nodemailer SMTP URL; unset means the sandbox outbox (demo mode only). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Card Portal <no-reply@card-portal.local>'),
  /** 32 bytes, base64: encrypts card secrets and Google secrets, keys code hashes. Demo mode makes one. */
  SECRET_KEY: z.string().optional(),
  /** Payment gateway fronting the channels (production); unset means the demo payment simulator. */
  PAYMENTS_GATEWAY_URL: z.url().optional(),
  /** Callback secrets as `channel:secret` pairs, comma separated; demo mode derives missing ones. */
  PAYMENT_CHANNEL_SECRETS: z.string().optional(),
  /** Card-issuing processor (production); unset means the sandbox issuer and card-spend simulator. */
  ISSUER_API_URL: z.url().optional(),
  /** Signing key of issuer requests and events; demo mode derives one from the server key. */
  ISSUER_EVENT_SECRET: z.string().min(16).optional(),
  /** Identity-verification provider (production); unset means the sandbox review desk. */
  IDENTITY_API_URL: z.url().optional(),
  /** Signing key of identity-provider requests. */
  IDENTITY_API_SECRET: z.string().min(16).optional(),
  /** Payout gateway of agent bank withdrawals (production); unset means the sandbox desk in demo mode. */
  PAYOUT_API_URL: z.url().optional(),
  /** Signing key of payout requests and of the gateway's decisions (`POST /api/payouts/events`). */
  PAYOUT_API_SECRET: z.string().min(16).optional(),
  /**
   * CNY charged per 1 USD when a CNY wallet pays for a USD card (rate including the spread), e.g.
   * 7.25. Quotes show it; the action charges exactly the quoted total or refuses.
   */
  FX_CNY_PER_USD: z.coerce.number().positive().max(100).default(7.25),
  /**
   * The address customers open the portal at, for links in e-mails (sub-account invitations), e.g.
   * `https://portal.example.com`. Unset: `http://HOST:PORT`.
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * Web Push VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them) and the
   * contact the push services may write to (`mailto:` or `https:`). Production requires the keys;
   * demo mode makes a pair once and keeps it in the database, so every process signs with it.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
    .optional(),
  /**
   * Push services beyond the public ones of push-endpoints.ts, as exact https origins, comma
   * separated (a browser whose vendor runs its own service; a test's local one).
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https:\/\/[^/\s]+$/, 'https origins without a path'))),
  /**
   * Messenger bot services beyond their own public hosts (modules/channels/channel-hosts.ts), as exact
   * origins, comma separated: the tests' and the production suite's local servers. Never a service's
   * stand-in in a real deployment.
   */
  CHANNEL_SERVICE_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'http(s) origins without a path'))),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: contact')
    .default('mailto:ops@card-portal.local'),
  /** Confidential token clients (integrators), `id:secret` pairs; the PWA is the public client `portal`. */
  OAUTH_CLIENTS: z.string().default(''),
  ACCESS_TOKEN_TTL: seconds(30 * 60),
  REFRESH_TOKEN_TTL: seconds(7 * 24 * 3600),
  SESSION_IDLE_TTL: seconds(2 * 3600),
  /** Use the first X-Forwarded-For address as the client address (only behind a trusted proxy). */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** Largest accepted request body in bytes (uploads have their own limit). */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  /** Where uploaded bytes live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible object store). */
  STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
  /** The object store's address, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO URL. */
  S3_ENDPOINT: z.url().optional(),
  /** The signing region (`auto` on Cloudflare R2; MinIO and Ceph accept the default). */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'a region name such as eu-central-1')
    .default('us-east-1'),
  /** The bucket (S3 naming rules: 3–63 lowercase letters, digits, dots and hyphens). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `1`: the bucket goes in the path (MinIO, Ceph, s3rver); `0`: in the host name (AWS, R2). */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  /** Folder-like prefix of every object key, e.g. `card-portal/uploads`; no `.` or `..` segments. */
  S3_PREFIX: z
    .string()
    .regex(
      /^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\/?$/,
      'folder names separated by /',
    )
    .optional(),
  /** Largest accepted upload (image) in MB (spec §5: 3 unless configured). */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(3),
  /**
   * Port of the Prometheus figures (`GET /metrics`, lib/metrics.ts); unset: not served. Its own
   * port, on METRICS_HOST, so the figures never share the portal's public address.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * How long the claim of a process that died (an idempotency key in progress, a card batch being
   * issued) blocks its retry. Progress is written far more often; the fault campaign lowers it.
   */
  ABANDONED_CLAIM_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60 * 1000),
  /**
   * TEST ONLY: how long card reveals of a session are trusted after a step-up (the reveal window,
   * 300 s). The browser test lowers it to see the window end; production mode ignores it and
   * always keeps 300 (lib/reveal-window.ts).
   */
  REVEAL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(300).default(300),
  /** argon2id memory cost in KiB; tests lower it to stay fast. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  /** Serve the built PWA from this folder. */
  WEB_DIST: z.string().default('./dist'),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${fields}`);
  }
  return parsed.data;
}

export function parseClients(spec: string): Map<string, string> {
  const clients = new Map<string, string>();
  for (const pair of spec.split(',')) {
    const at = pair.indexOf(':');
    if (at > 0) clients.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return clients;
}
