// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import en from '@locales/en/finance.json';
import zh from '@locales/zh-CN/finance.json';
import { FLOW_TYPES, forecastStatus } from '@contract/finance';
import { i18n } from '../../../lib/i18n';
import { keysOf } from '../../../testing/locales';
import { FINANCE_NS } from './i18n';

describe('finance texts', () => {
  it('have the same keys in both languages', () => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
  });

  it.each(['zh-CN', 'en'])('name every flow type and forecast state of the contract in %s', (lng) => {
    const t = i18n.getFixedT(lng, FINANCE_NS);
    for (const type of FLOW_TYPES)
      expect(i18n.exists(`flowType.${type}`, { lng, ns: FINANCE_NS })).toBe(true);
    for (const status of forecastStatus.options) {
      expect(i18n.exists(`status.${status}`, { lng, ns: FINANCE_NS })).toBe(true);
    }
    expect(t('flowType.card_recharge')).toBe(lng === 'en' ? 'Card top-up' : '卡充值');
  });
});
