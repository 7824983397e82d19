/**
 * Production has no sandbox (issue 28): every `/sandbox` path answers 404, whatever the method,
 * also when the built PWA is served — whose catch-all used to answer a page path with 302.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/harness';
import { createTestApp } from '../testing/harness';

const PATHS = [
  '/sandbox',
  '/sandbox/',
  '/sandbox/outbox?to=a@example.com',
  '/sandbox/payments',
  '/sandbox/cards',
  '/sandbox/forecasts',
  '/sandbox/identity',
  '/sandbox/payouts',
  '/sandbox/api/orders/R1/pay',
  '/sandbox/anything/else',
];

let prod: TestApp;
let demo: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Card Portal</title>');
  prod = await createTestApp({
    APP_MODE: 'production',
    WEB_DIST: dist,
    PAYMENTS_GATEWAY_URL: 'https://gateway.example.com',
    PAYMENT_CHANNEL_SECRETS: 'wechat:a,alipay:b,unionpay:c,usdt_trc20:d,bank_card:e',
    ISSUER_API_URL: 'https://issuer.example.com',
    ISSUER_EVENT_SECRET: 'issuer-secret-for-production-tests',
  });
  demo = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await prod.close();
  await demo.close();
});

describe('the sandbox in production', () => {
  it('answers 404 on every path and method, with the PWA served', async () => {
    for (const path of PATHS)
      for (const method of ['GET', 'POST', 'HEAD']) {
        const res = await prod.raw(path, { method });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
  });

  it('leaves other unknown page paths to the PWA, and the demo sandbox in place', async () => {
    expect((await prod.raw('/no-such-page')).status).toBe(302);
    expect((await demo.raw('/sandbox/payments')).status).toBe(200);
  });
});
