// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import en from '@locales/en/cardRecords.json';
import enCards from '@locales/en/cards.json';
import zh from '@locales/zh-CN/cardRecords.json';
import zhCards from '@locales/zh-CN/cards.json';
import { DECLINE_REASONS } from '@contract/card-rules';
import { tradeStatus } from '@contract/records';
import { i18n } from '../../../lib/i18n';
import { keysOf } from '../../../testing/locales';
import { CARDS_NS } from './i18n';

describe('card records texts', () => {
  it('have the same keys in both languages', () => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
    expect(keysOf(zhCards).sort()).toEqual(keysOf(enCards).sort());
  });

  it.each(['zh-CN', 'en'])(
    'name every transaction status and decline reason of the contract in %s',
    (lng) => {
      for (const status of tradeStatus.options) {
        expect(i18n.exists(`tradeStatus.${status}`, { lng, ns: CARDS_NS }), status).toBe(true);
      }
      for (const reason of DECLINE_REASONS) {
        expect(i18n.exists(`declineReason.${reason}`, { lng, ns: CARDS_NS }), reason).toBe(true);
      }
    },
  );

  it('uses the words of spec §4 in English', () => {
    const t = i18n.getFixedT('en', CARDS_NS);
    expect(tradeStatus.options.map((status) => t(`tradeStatus.${status}`))).toEqual([
      'Pending',
      'Completed',
      'Declined',
      'Refunded',
      'Reversed',
    ]);
  });
});
