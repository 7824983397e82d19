import { describe, expect, it } from 'vitest';
import { TOPUP_CHANNELS } from '../../../contract/topup-rules';
import { loadEnv } from '../../env';
import { SecretBox } from '../../lib/crypto';
import { demoChannelSecrets, missingChannelSecrets, parseChannelSecrets } from './channel-secrets';
import { createGatewayPayments } from './gateway-payments';
import { createPaymentsProvider } from './index';
import { createSandboxPayments, majorUnits } from './sandbox-payments';
import { signBody, verifySignature } from './signature';
import { isTronAddress, newTronAddress } from './tron-address';

const box = SecretBox.fromBase64(Buffer.alloc(32, 7).toString('base64'));
const otherBox = SecretBox.fromBase64(Buffer.alloc(32, 8).toString('base64'));

describe('callback signatures', () => {
  it('are hex HMAC-SHA256 of the raw body; anything else fails', () => {
    const body = '{"orderId":"R1","amount":50000}';
    const signature = signBody('s3cret', body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifySignature('s3cret', body, signature)).toBe(true);
    expect(verifySignature('s3cret', body, signature.toUpperCase())).toBe(true);
    expect(verifySignature('other', body, signature)).toBe(false);
    expect(verifySignature('s3cret', `${body} `, signature)).toBe(false);
    expect(verifySignature('s3cret', body, undefined)).toBe(false);
    expect(verifySignature('s3cret', body, 'zz')).toBe(false);
    expect(verifySignature('s3cret', body, signature.slice(2))).toBe(false);
  });
});

describe('channel secrets', () => {
  it('parse `channel:secret` pairs and name the missing channels', () => {
    expect([...parseChannelSecrets(' wechat : a ,alipay:b:c, paypal:x,unionpay:')]).toEqual([
      ['wechat', 'a'],
      ['alipay', 'b:c'],
    ]);
    expect(missingChannelSecrets('wechat:a,alipay:b')).toEqual(['unionpay', 'usdt_trc20', 'bank_card']);
  });

  it('demo mode derives the missing ones from the server key: stable, distinct per channel and key', () => {
    const secrets = demoChannelSecrets('wechat:configured', box);
    expect(secrets.get('wechat')).toBe('configured');
    expect(demoChannelSecrets(undefined, box).get('alipay')).toBe(secrets.get('alipay'));
    expect(new Set(TOPUP_CHANNELS.map((c) => secrets.get(c))).size).toBe(TOPUP_CHANNELS.length);
    expect(demoChannelSecrets(undefined, otherBox).get('alipay')).not.toBe(secrets.get('alipay'));
  });
});

describe('TRON addresses', () => {
  it('are base58check with the 0x41 prefix: T + 33 characters, checksum verified', () => {
    const addresses = Array.from({ length: 200 }, newTronAddress);
    for (const address of addresses) {
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(isTronAddress(address)).toBe(true);
    }
    expect(new Set(addresses).size).toBe(addresses.length);
    const one = addresses[0]!;
    const flipped = one.slice(0, 10) + (one[10] === 'a' ? 'b' : 'a') + one.slice(11);
    expect(isTronAddress(flipped)).toBe(false);
  });

  it('accepts a real mainnet address and refuses a Bitcoin one with a valid checksum', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // the USDT-TRC20 contract
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
  });
});

describe('the sandbox provider', () => {
  const sandbox = createSandboxPayments(demoChannelSecrets(undefined, box));
  const order = (channel: (typeof TOPUP_CHANNELS)[number], amount = 50_000) => ({
    orderId: 'R1',
    channel,
    amount,
    currency: 'CNY',
    expiresAt: new Date(),
  });

  it('writes USDT amounts as plain decimals', () => {
    expect([11_000, 11_050, 11_005, 1].map(majorUnits)).toEqual(['110', '110.5', '110.05', '0.01']);
  });

  it('makes channel-shaped checkouts and never reports on its own', async () => {
    expect(await sandbox.createCheckout(order('unionpay'))).toMatchObject({
      payload: expect.stringMatching(/^https:\/\/qr\.95516\.com\/00010000\/\d{20}$/),
      deepLink: null,
      address: null,
    });
    const usdt = await sandbox.createCheckout(order('usdt_trc20', 12_345));
    expect(usdt.payload).toBe(`tron:${usdt.address}?amount=123.45&token=USDT`);
    expect((await sandbox.createCheckout(order('bank_card'))).payload).toMatch(/^bankcard:SBX/);
    expect(await sandbox.queryOrder(order('wechat'))).toBeNull();
  });
});

describe('choosing the provider', () => {
  it('demo mode without a gateway uses the sandbox; production refuses it', () => {
    expect(createPaymentsProvider(loadEnv({}), box).kind).toBe('sandbox');
    expect(() => createPaymentsProvider(loadEnv({ APP_MODE: 'production' }), box)).toThrow(/demo-only/);
  });

  it('a gateway needs a secret for every channel', () => {
    const env = loadEnv({
      PAYMENTS_GATEWAY_URL: 'https://gateway.example.com',
      PAYMENT_CHANNEL_SECRETS: 'wechat:a',
    });
    expect(() => createPaymentsProvider(env, box)).toThrow(/alipay, unionpay, usdt_trc20, bank_card/);
    const full = 'wechat:a,alipay:b,unionpay:c,usdt_trc20:d,bank_card:e';
    expect(createPaymentsProvider({ ...env, PAYMENT_CHANNEL_SECRETS: full }, box).kind).toBe('gateway');
  });
});

describe('the gateway provider', () => {
  const secrets = parseChannelSecrets('wechat:wsecret,alipay:a,unionpay:u,usdt_trc20:t,bank_card:b');

  function fakeGateway(answer: (path: string, body: unknown) => unknown, sign = true) {
    const seen: { url: string; body: string; signature: string | null }[] = [];
    const fetcher: typeof fetch = async (input, init) => {
      const url = String(input);
      const body = String(init?.body);
      const headers = new Headers(init?.headers);
      seen.push({ url, body, signature: headers.get('x-signature') });
      const text = JSON.stringify(answer(new URL(url).pathname, JSON.parse(body)));
      return new Response(text, {
        headers: {
          'x-signature': sign ? signBody('wsecret', text) : 'bad',
          'content-type': 'application/json',
        },
      });
    };
    return { fetcher, seen };
  }

  it('signs its requests with the channel secret and checks the answer’s signature', async () => {
    const { fetcher, seen } = fakeGateway((path) =>
      path.endsWith('/checkout')
        ? { payload: 'weixin://wxpay/bizpayurl?pr=abc', deepLink: null }
        : { event: null },
    );
    const gateway = createGatewayPayments({ baseUrl: 'https://gw.example.com/v1/', secrets, fetch: fetcher });
    const expiresAt = new Date('2026-01-01T00:15:00Z');
    const checkout = await gateway.createCheckout({
      orderId: 'R1',
      channel: 'wechat',
      amount: 50_000,
      currency: 'CNY',
      expiresAt,
    });
    expect(checkout).toEqual({ payload: 'weixin://wxpay/bizpayurl?pr=abc', deepLink: null, address: null });
    expect(seen[0]!.url).toBe('https://gw.example.com/v1/checkout');
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ orderId: 'R1', expiresAt: expiresAt.toISOString() });
    expect(verifySignature('wsecret', seen[0]!.body, seen[0]!.signature ?? undefined)).toBe(true);
    expect(
      await gateway.queryOrder({ orderId: 'R1', channel: 'wechat', amount: 1, currency: 'CNY', expiresAt }),
    ).toBeNull();
  });

  it('refuses an answer with a bad signature', async () => {
    const { fetcher } = fakeGateway(() => ({ event: null }), false);
    const gateway = createGatewayPayments({ baseUrl: 'https://gw.example.com', secrets, fetch: fetcher });
    await expect(
      gateway.queryOrder({
        orderId: 'R1',
        channel: 'wechat',
        amount: 1,
        currency: 'CNY',
        expiresAt: new Date(),
      }),
    ).rejects.toThrow(/bad signature/);
  });
});
