import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../contract/core';
import type { EnumItem, EnumType } from '../../../contract/notices';
import { ENUM_VALUES, enumList } from '../../../contract/notices';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function items(type: string, lang: 'en' | 'zh-CN'): Promise<EnumItem[]> {
  const answer = await t.api(enumList, { type: type as EnumType }, { lang });
  expect(answer.body.code).toBe(200);
  return answer.body.data as EnumItem[];
}

describe('/api/enum/list', () => {
  it('is public: no token needed', async () => {
    const res = await t.raw('/api/enum/list?type=cardStatus');
    expect(res.status).toBe(200);
  });

  it('answers currencies with symbols where known (CNY ¥, USD $, GBP £, EUR €), others code only', async () => {
    const list = await items('currency', 'en');
    expect(list.map((i) => i.value)).toEqual([
      'CNY',
      'USD',
      'GBP',
      'EUR',
      'JPY',
      'AUD',
      'HKD',
      'CAD',
      'KRW',
      'INR',
      'IDR',
    ]);
    expect(list.slice(0, 4)).toEqual([
      { value: 'CNY', label: 'Chinese yuan', symbol: '¥' },
      { value: 'USD', label: 'US dollar', symbol: '$' },
      { value: 'GBP', label: 'British pound', symbol: '£' },
      { value: 'EUR', label: 'Euro', symbol: '€' },
    ]);
    for (const item of list.slice(4)) expect(item).not.toHaveProperty('symbol');
  });

  it('answers card, trade, account and top-up value lists', async () => {
    expect(await items('cardStatus', 'en')).toEqual([
      { value: 'active', label: 'Active' },
      { value: 'frozen', label: 'Frozen' },
      { value: 'deleted', label: 'Deleted' },
    ]);
    expect((await items('tradeStatus', 'en')).map((i) => i.value)).toEqual([
      'pending',
      'completed',
      'declined',
      'refunded',
      'reversed',
    ]);
    expect((await items('accountType', 'en')).map((i) => i.value)).toEqual(['business', 'personal']);
    expect((await items('topupChannel', 'en')).map((i) => i.value)).toEqual([
      'wechat',
      'alipay',
      'unionpay',
      'usdt_trc20',
      'bank_card',
      'usd_transfer',
    ]);
  });

  it('labels every value in both languages (no missing message keys)', async () => {
    for (const type of Object.keys(ENUM_VALUES)) {
      const english = await items(type, 'en');
      const chinese = await items(type, 'zh-CN');
      for (const item of [...english, ...chinese]) {
        expect(item.label, `${type}.${item.value}`).not.toMatch(/^server:/);
        expect(item.label.length).toBeGreaterThan(0);
      }
      expect(chinese.map((i) => i.label)).not.toEqual(english.map((i) => i.label));
    }
    expect((await items('cardStatus', 'zh-CN'))[1]).toEqual({ value: 'frozen', label: '已冻结' });
  });

  it('refuses an unknown or missing type with 400 in the caller language', async () => {
    const en = await t.api(enumList, { type: 'planets' as EnumType }, { lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: 400,
      msg: 'Unknown list type',
      data: { fields: ['type'] },
      path: '/api/enum/list',
    });
    const zh = await t.api(enumList, { type: 'planets' as EnumType }, { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('未知的列表类型');
    const missing = (await (
      await t.raw('/api/enum/list', { headers: { 'accept-language': 'en' } })
    ).json()) as Envelope;
    expect(missing).toMatchObject({ code: 400, msg: 'Unknown list type' });
  });

  it('may be cached, per language', async () => {
    const res = await t.raw('/api/enum/list?type=currency', { headers: { 'accept-language': 'en' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/i);
    // and by what the compress middleware did, said once
    expect(res.headers.get('vary')?.match(/Accept-Encoding/gi)).toHaveLength(1);
  });
});
