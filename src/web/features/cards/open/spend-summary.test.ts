/** What the opening form says a spending template sets, in both languages, with the real texts. */
import { describe, expect, it } from 'vitest';
import { NO_SPEND_RULES } from '@contract/spending';
import type { CardSpendRules } from '@contract/spending';
import { i18n } from '../../../lib/i18n';
import { CARD_OPEN_NS } from './i18n';
import { spendSummary } from './spend-summary';

const ADS_ONLY: CardSpendRules = {
  ...NO_SPEND_RULES,
  perAuthorization: 5_000,
  daily: 20_000,
  categories: { mode: 'allow', groups: ['advertising', 'software'] },
  countries: { mode: 'block', countries: ['GB', 'RU'] },
};

const summary = (rules: CardSpendRules, language: 'en' | 'zh-CN', currency: 'USD' | 'EUR' = 'USD') =>
  spendSummary(rules, currency, i18n.getFixedT(language, CARD_OPEN_NS), language === 'en');

describe('spendSummary', () => {
  it('names each rule a template sets, in the card’s currency, in English and Chinese', () => {
    expect(summary(ADS_ONLY, 'en')).toEqual([
      'up to $50.00 per payment',
      '$200.00 a day',
      'only Advertising, Software & SaaS',
      'not in GB, RU',
    ]);
    expect(summary(ADS_ONLY, 'zh-CN')).toEqual([
      '单笔不超过 $50.00',
      '每日 $200.00',
      '仅限 广告营销、软件与 SaaS',
      '不含 GB, RU 商户',
    ]);
    expect(summary({ ...NO_SPEND_RULES, monthly: 100_000 }, 'en', 'EUR')).toEqual(['€1,000.00 a month']);
  });

  it('says single use and the validity in days of the account calendar (UTC+8)', () => {
    const rules: CardSpendRules = {
      ...NO_SPEND_RULES,
      lifetime: 1_000,
      singleUse: true,
      // Midnight of 1 Dec and of 1 Jan in UTC+8: valid from 1 Dec through 31 Dec.
      validFrom: '2026-11-30T16:00:00.000Z',
      validUntil: '2026-12-31T16:00:00.000Z',
    };
    expect(summary(rules, 'en')).toEqual([
      '$10.00 in all',
      'single use',
      'valid from 2026-12-01',
      'valid through 2026-12-31',
    ]);
  });

  it('is empty for a template without rules', () => {
    expect(summary(NO_SPEND_RULES, 'en')).toEqual([]);
  });
});
