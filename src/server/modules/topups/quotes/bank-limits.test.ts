import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLimitImg } from '@contract/finance';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import { signedInAccount } from '../../../testing/signed-in';
import { BANK_LIMITS } from './bank-limits';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInAccount(t)).token;
});
afterAll(async () => t.close());

const image = (lang: string, auth = true) =>
  t.raw(bankLimitImg.path, {
    headers: { 'accept-language': lang, ...(auth ? { authorization: `Bearer ${token}` } : {}) },
  });

describe('GET /api/account/bankLimitImg', () => {
  it('is an SVG table of every bank’s limits, privately cacheable, varying by language', async () => {
    const res = await image('en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    const svg = await res.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Bank card top-up limits');
    expect(svg).toContain('China Merchants Bank');
    expect(svg).toContain('¥50,000.00');
    expect(svg).toContain('Each top-up: ¥500.00 to ¥50,000.00');
    expect(svg.match(/<rect/g)!.length).toBeGreaterThanOrEqual(BANK_LIMITS.length / 2);
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
  });

  it('speaks Chinese by default', async () => {
    const svg = await (await image('zh-CN')).text();
    expect(svg).toContain('银行卡充值限额');
    expect(svg).toContain('中国工商银行');
    expect(svg).toContain('单日限额');
  });

  it('needs a session', async () => {
    expect((await image('en', false)).status).toBe(401);
  });
});
