/**
 * Everything the production suite runs, in the order of docs/deployment.md: the outside systems
 * (step 4), a fresh PostgreSQL database (step 2), the settings an operator writes (step 5, every
 * secret long and random), and the portal itself (steps 6 and 7).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { TOPUP_CHANNELS } from '../../../src/contract/topup-rules';
import type { PushReceiver } from '../../../src/server/testing/push-receiver';
import { startPushReceiver } from '../../../src/server/testing/push-receiver';
import type { CardIssuer } from './card-issuer';
import { startCardIssuer } from './card-issuer';
import { makeCertificate } from './certificate';
import type { FreshDatabase } from './database';
import { createFreshDatabase } from './database';
import type { IdentityProvider } from './identity-provider';
import { startIdentityProvider } from './identity-provider';
import type { MailServer } from './mail-server';
import { startMailServer } from './mail-server';
import type { ObjectStore } from './object-store';
import type { AddedOperator } from './operator-command';
import { addOperator } from './operator-command';
import { startObjectStore } from './object-store';
import type { PaymentGateway } from './payment-gateway';
import { startPaymentGateway } from './payment-gateway';
import type { PayoutGateway } from './payout-gateway';
import { startPayoutGateway } from './payout-gateway';
import type { RunningPortal } from './portal';
import { startPortal } from './portal';
import { startTlsProxy } from './tls-proxy';
import { freePort } from '../../../src/server/testing/server-processes';

/** A secret as docs/deployment.md step 3 makes them (`openssl rand -hex 32`). */
export const randomSecret = (): string => randomBytes(32).toString('hex');

export interface Production {
  portal: RunningPortal;
  /** The address customers open (`PUBLIC_URL`): the TLS proxy of step 8. */
  publicUrl: string;
  mail: MailServer;
  payments: PaymentGateway;
  issuer: CardIssuer;
  identity: IdentityProvider;
  payouts: PayoutGateway;
  store: ObjectStore;
  push: PushReceiver;
  /** The suite's own database, for what a test cannot wait for (a commission's 7-day hold). */
  databaseUrl: string;
  /** `npm run operator -- add EMAIL ROLE` with the portal's settings: the console's set-up link. */
  addOperator(email: string, role: string): Promise<AddedOperator>;
  /** Requests every outside system refused (bad signature, unknown path): empty when all is well. */
  refused(): string[];
  stop(): Promise<void>;
}

/** `publicPort`: the TLS proxy's (the browser's); the server itself listens on a free loopback port. */
export async function startProduction(publicPort: number): Promise<Production> {
  // Step 6's `npm run build`: `npm run test:e2e` has just built the same PWA into dist/.
  if (!existsSync('dist/index.html'))
    throw new Error('The production suite serves the built PWA: run `npx vite build` first (step 6).');
  // Step 2: PostgreSQL, an empty database.
  const database: FreshDatabase = await createFreshDatabase();
  const stops: (() => Promise<void>)[] = [() => database.drop()];
  try {
    // Step 4: the outside systems, each with its own secret (step 3).
    const tls = makeCertificate();
    stops.push(async () => rmSync(tls.dir, { recursive: true, force: true }));
    const channelSecrets = new Map(TOPUP_CHANNELS.map((channel) => [channel as string, randomSecret()]));
    const issuerSecret = randomSecret();
    const identitySecret = randomSecret();
    const payoutSecret = randomSecret();
    const mail = await startMailServer(tls);
    stops.push(() => mail.close());
    const payments = await startPaymentGateway(channelSecrets);
    stops.push(() => payments.close());
    const issuer = await startCardIssuer(issuerSecret);
    stops.push(() => issuer.close());
    const identity = await startIdentityProvider(identitySecret);
    stops.push(() => identity.close());
    const payouts = await startPayoutGateway(payoutSecret);
    stops.push(() => payouts.close());
    const store = await startObjectStore(tls);
    stops.push(() => store.close());
    const push = await startPushReceiver({ tls });
    stops.push(() => push.close());
    // Step 3: what `npx web-push generate-vapid-keys` prints.
    const vapid = webpush.generateVAPIDKeys();
    const dataDir = mkdtempSync(join(tmpdir(), 'prod-e2e-data-'));
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    // Step 5: the settings file of docs/deployment.md, filled in (not followed: step 6's systemd unit).
    const port = await freePort();
    const publicUrl = `https://127.0.0.1:${publicPort}`;
    const settings: Record<string, string> = {
      APP_MODE: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      DATABASE_POOL_SIZE: '3',
      // Step 3: `openssl rand -base64 32`.
      SECRET_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: mail.url,
      MAIL_FROM: 'Card Portal <no-reply@portal.example.com>',
      PAYMENTS_GATEWAY_URL: payments.url,
      PAYMENT_CHANNEL_SECRETS: [...channelSecrets]
        .map(([channel, secret]) => `${channel}:${secret}`)
        .join(','),
      ISSUER_API_URL: issuer.url,
      ISSUER_EVENT_SECRET: issuerSecret,
      IDENTITY_API_URL: identity.url,
      IDENTITY_API_SECRET: identitySecret,
      PAYOUT_API_URL: payouts.url,
      PAYOUT_API_SECRET: payoutSecret,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@portal.example.com',
      // The local push service stands in for the browser vendor's (README "PUSH_SERVICE_ORIGINS").
      PUSH_SERVICE_ORIGINS: new URL(push.subscription.endpoint).origin,
      // A confidential integrator beside the PWA's public client (decisions.md "Token clients").
      OAUTH_CLIENTS: `reports:${randomSecret()}`,
      ...store.settings,
      // The systems above are signed by the test's own CA, as an operator's private ones may be.
      NODE_EXTRA_CA_CERTS: tls.certPath,
      WEB_DIST: 'dist',
      LOG_LEVEL: 'info',
    };
    // Steps 6 and 7: start, health check.
    const portal = await startPortal(settings);
    stops.push(() => portal.stop());
    // Step 8: the TLS proxy in front; the browser opens PUBLIC_URL.
    const proxy = await startTlsProxy(tls, publicPort, port);
    stops.push(() => proxy.close());
    return {
      portal,
      publicUrl,
      mail,
      payments,
      issuer,
      identity,
      payouts,
      store,
      push,
      databaseUrl: database.url,
      addOperator: (email, role) => addOperator(settings, email, role),
      refused: () => [
        ...payments.refused,
        ...issuer.refused,
        ...identity.refused,
        ...payouts.refused,
        ...store.refused,
      ],
      async stop() {
        // The portal first (it holds connections to the others), the database last.
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}
