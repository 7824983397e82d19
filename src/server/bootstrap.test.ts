import { describe, expect, it } from 'vitest';
import { buildContext, clientConfigProblems, productionProblems } from './bootstrap';
import { TOPUP_CHANNELS as CHANNELS } from '../contract/topup-rules';
import { loadEnv } from './env';

describe('production mode', () => {
  it('refuses sandbox providers and default secrets', async () => {
    const env = loadEnv({ APP_MODE: 'production' });
    const problems = productionProblems(env);
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

  it('accepts a fully configured production environment', () => {
    const env = loadEnv({
      APP_MODE: 'production',
      SMTP_URL: 'smtp://mail.internal:587',
      SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
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
    expect(productionProblems(env)).toEqual([]);
  });

  it('refuses short or guessable secrets without quoting them', () => {
    const weak = loadEnv({
      APP_MODE: 'production',
      OAUTH_CLIENTS: 'erp:portal,x:y',
      PAYMENT_CHANNEL_SECRETS: 'wechat:a,alipay:abababababababababab',
      ISSUER_EVENT_SECRET: 'aaaaaaaaaaaaaaaa',
      IDENTITY_API_SECRET: '0123456789abcdef',
    });
    const problems = productionProblems(weak).join('\n');
    expect(problems).toContain('OAUTH_CLIENTS secret of "erp" must be at least 16 characters');
    expect(problems).toContain('OAUTH_CLIENTS secret of "x" must be at least 16 characters');
    expect(problems).toContain('PAYMENT_CHANNEL_SECRETS secret of wechat must be at least 16 characters');
    expect(problems).toContain('PAYMENT_CHANNEL_SECRETS secret of alipay is too easy to guess');
    expect(problems).toContain('ISSUER_EVENT_SECRET is too easy to guess');
    // Sixteen different hex digits are 64 bits by the estimate: accepted.
    expect(problems).not.toContain('IDENTITY_API_SECRET');
    expect(problems).not.toMatch(/aaaaaaaa|abababab/);
  });

  it('refuses a secret for the PWA’s public client in any mode, naming the setting', async () => {
    for (const APP_MODE of ['demo', 'production'] as const) {
      const env = loadEnv({ APP_MODE, OAUTH_CLIENTS: 'portal:Kx7q-Rm2v-Wp9z-Ld4h' });
      expect(clientConfigProblems(env).join('\n')).toMatch(/OAUTH_CLIENTS must not name "portal"/);
    }
    await expect(buildContext(loadEnv({ OAUTH_CLIENTS: 'portal:x' }))).rejects.toThrow(/public client/);
    expect(clientConfigProblems(loadEnv({ OAUTH_CLIENTS: 'erp:Kx7q-Rm2v-Wp9z-Ld4h' }))).toEqual([]);
  });

  it('demo mode needs nothing', () => {
    expect(productionProblems(loadEnv({}))).toEqual([]);
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
