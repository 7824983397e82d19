// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import en from '@locales/en/cardList.json';
import zh from '@locales/zh-CN/cardList.json';
import { i18n } from '../../../lib/i18n';
import { keysOf } from '../../../testing/locales';
import { CARD_ACTIONS } from './components/card-rows';
import { CARD_LIST_NS } from './i18n';

describe('card list texts', () => {
  it('have the same keys in both languages', () => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
  });

  it.each(['zh-CN', 'en'])('name every per-card action, wallet and card status in %s', (lng) => {
    for (const { action } of CARD_ACTIONS)
      expect(i18n.exists(`action.${action}`, { lng, ns: CARD_LIST_NS })).toBe(true);
    for (const wallet of ['CNY', 'USD'])
      expect(i18n.exists(`wallet.${wallet}`, { lng, ns: CARD_LIST_NS })).toBe(true);
    for (const status of ['active', 'frozen', 'deleted'])
      expect(i18n.exists(`cards:status.${status}`, { lng })).toBe(true);
  });

  it.each([
    ['en', en],
    ['zh-CN', zh],
  ])('call the toggle and its confirmation by one word in %s (issue 34 §7: spec "activate")', (_, texts) => {
    expect(texts.quick.activate).toBe(texts.activate.confirm);
    expect(texts.action.activate).toBe(texts.activate.confirm);
  });

  it('use the spec messages for the balance range and copying', () => {
    const t = i18n.getFixedT('en', CARD_LIST_NS);
    expect(t('common:validation.balanceRange')).toBe('Please enter the correct balance range');
    expect(t('common:catalogue.copySuccess')).toBe('Copy success');
  });
});
