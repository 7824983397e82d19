import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildContext, clientConfigProblems, keyConfigProblems, productionProblems } from './bootstrap';
import { TOPUP_CHANNELS as CHANNELS } from '../contract/topup-rules';
import { loadEnv } from './env';

describe('production mode', () => {
  it('refuses sandbox providers and default secrets', async () => {
    const env = loadEnv({ APP_MODE: 'production' });
    const problems = await productionProblems(env);
    expect(problems.join('\n')).toMatch(/SMTP_URL/);
    expect(problems.join('\n')).toMatch(/SECRET_KEY/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL/);
    expect(problems.join('\n')).toMatch(/PAYMENTS_GATEWAY_URL/);
    expect(problems.join('\n')).toMatch(/PAYMENT_CHANNEL_SECRETS needs a secret for wechat, alipay/);
    expect(problems.join('\n')).toMatch(/ISSUER_API_URL/);
    expect(problems.join('\n')).toMatch(/ISSUER_EVENT_SECRET/);
    expect(problems.join('\n')).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required/);
    expect(problems.join('\n')).toMatch(/VAPID_SUBJECT/);
    await expect(buildContext(env)).rejects.toThrow(/Refusing to start in production mode/);
  });

  it('accepts a fully configured production environment', async () => {
    const env = loadEnv({
      APP_MODE: 'production',
      SMTP_URL: 'smtp://mail.internal:587',
      SECRET_KEY: randomBytes(32).toString('base64'),
      OAUTH_CLIENTS: 'erp:Kx7q-Rm2v-Wp9z-Ld4h',
      DATABASE_URL: 'postgres://app@db/portal',
      PAYMENTS_GATEWAY_URL: 'https://gateway.internal/v1',
      PAYMENT_CHANNEL_SECRETS: CHANNELS.map((c, i) => `${c}:${i}-9fQ2mZ7xLk4wRt8v`).join(','),
      ISSUER_API_URL: 'https://issuer.internal/v1',
      ISSUER_EVENT_SECRET: 'a-long-random-issuer-secret',
      VAPID_PUBLIC_KEY: `B${'x'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'k7Qm2Zr9Xv4Lw8Tn1Bp6Yd3Hs5Jc0Ga_Fe-Ui7Ko2Mq',
      VAPID_SUBJECT: 'mailto:ops@issuer.example',
    });
    expect(await productionProblems(env)).toEqual([]);
  });

  it('refuses short or guessable secrets without quoting them', async () => {
    const weak = loadEnv({
      APP_MODE: 'production',
      OAUTH_CLIENTS: 'erp:portal,x:y',
      PAYMENT_CHANNEL_SECRETS: 'wechat:a,alipay:abababababababababab',
      ISSUER_EVENT_SECRET: 'aaaaaaaaaaaaaaaa',
      IDENTITY_API_SECRET: '0123456789abcdef',
      PAYOUT_API_SECRET: 'password1234567890',
      S3_SECRET_ACCESS_KEY: 'qwertyuiopasdfgh',
      VAPID_PRIVATE_KEY: 'k7Qm2Zr9Xv4Lw8Tn1Bp6Yd3Hs5Jc0Ga_Fe-Ui7Ko2Mq',
    });
    const problems = (await productionProblems(weak)).join('\n');
    expect(problems).toContain('OAUTH_CLIENTS secret of "erp" must be at least 16 characters');
    expect(problems).toContain('OAUTH_CLIENTS secret of "x" must be at least 16 characters');
    expect(problems).toContain('PAYMENT_CHANNEL_SECRETS secret of wechat must be at least 16 characters');
    expect(problems).toContain('PAYMENT_CHANNEL_SECRETS secret of alipay is too easy to guess');
    expect(problems).toContain('ISSUER_EVENT_SECRET is too easy to guess');
    // zxcvbn sees the sequence, the dictionary word with digits and the keyboard row.
    expect(problems).toContain('IDENTITY_API_SECRET is too easy to guess');
    expect(problems).toContain('PAYOUT_API_SECRET is too easy to guess');
    expect(problems).toContain('S3_SECRET_ACCESS_KEY is too easy to guess');
    expect(problems).not.toContain('VAPID_PRIVATE_KEY is too easy');
    expect(problems).not.toMatch(/aaaaaaaa|abababab|0123456789abcdef|password1234567890|qwertyuiopasdfgh/);
  });

  it('accepts random secrets of every shape', async () => {
    const random = loadEnv({
      APP_MODE: 'production',
      ISSUER_EVENT_SECRET: randomBytes(12).toString('base64url'),
      IDENTITY_API_SECRET: randomBytes(8).toString('hex'),
      PAYOUT_API_SECRET: randomBytes(32).toString('base64'),
    });
    const problems = (await productionProblems(random)).join('\n');
    expect(problems).not.toMatch(/ISSUER_EVENT_SECRET|IDENTITY_API_SECRET|PAYOUT_API_SECRET/);
  });

  it('refuses a server key whose bytes are not random, in every mode, without quoting it', async () => {
    const sequence = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    const fewValues = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7) % 19));
    for (const key of [Buffer.alloc(32, 0), Buffer.alloc(32, 0xab), sequence, fewValues]) {
      const SECRET_KEY = key.toString('base64');
      const problems = keyConfigProblems(loadEnv({ SECRET_KEY })).join('\n');
      expect(problems).toMatch(/^SECRET_KEY is not random/);
      expect(problems).not.toContain(SECRET_KEY);
      await expect(buildContext(loadEnv({ SECRET_KEY }))).rejects.toThrow(
        /Refusing to start: SECRET_KEY is not random/,
      );
    }
    expect(keyConfigProblems(loadEnv({ SECRET_KEY: Buffer.alloc(16, 3).toString('base64') }))).toEqual([
      'SECRET_KEY must be 32 bytes, base64 encoded (`openssl rand -base64 32`)',
    ]);
    for (let i = 0; i < 50; i++)
      expect(keyConfigProblems(loadEnv({ SECRET_KEY: randomBytes(32).toString('base64') }))).toEqual([]);
  });

  it('refuses a secret for the PWA’s public client in any mode, naming the setting', async () => {
    for (const APP_MODE of ['demo', 'production'] as const) {
      const env = loadEnv({ APP_MODE, OAUTH_CLIENTS: 'portal:Kx7q-Rm2v-Wp9z-Ld4h' });
      expect(clientConfigProblems(env).join('\n')).toMatch(/OAUTH_CLIENTS must not name "portal"/);
    }
    await expect(buildContext(loadEnv({ OAUTH_CLIENTS: 'portal:x' }))).rejects.toThrow(/public client/);
    expect(clientConfigProblems(loadEnv({ OAUTH_CLIENTS: 'erp:Kx7q-Rm2v-Wp9z-Ld4h' }))).toEqual([]);
  });

  it('demo mode needs nothing', async () => {
    expect(await productionProblems(loadEnv({}))).toEqual([]);
  });
});

describe('environment', () => {
  it('has the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      APP_MODE: 'demo',
      HOST: '127.0.0.1',
      PORT: 8080,
      DATA_DIR: './data',
      SESSION_IDLE_TTL: 7200,
    });
  });

  it('names the bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
