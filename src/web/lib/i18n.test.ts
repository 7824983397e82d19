// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keysOf } from '../test-locales';
import { langOf, localeOf, setLang, storedLang, translate } from './i18n';
import { getItem } from './storage';

describe('i18n', () => {
  it('defaults to cn (Chinese) when nothing is stored', () => {
    expect(getItem('lang')).toBeNull();
    expect(storedLang()).toBe('cn');
  });

  it('maps the stored setting to the API language and back', () => {
    expect(localeOf('cn')).toBe('zh-CN');
    expect(localeOf('en')).toBe('en');
    expect(langOf('zh-CN')).toBe('cn');
    expect(langOf('en-GB')).toBe('en');
  });

  it('stores the choice as lang and translates zod message keys', async () => {
    await setLang('cn');
    expect(getItem('lang')).toBe('cn');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(translate('common:validation.email')).toBe('请输入正确的邮箱');
    await setLang('en');
    expect(translate('common:validation.email')).toBe('Please enter the correct Email');
  });

  it('has the same keys in both languages for every namespace', async () => {
    for (const ns of ['common', 'auth', 'account']) {
      const en: unknown = (await import(`../../../locales/en/${ns}.json`)).default;
      const zh: unknown = (await import(`../../../locales/zh-CN/${ns}.json`)).default;
      expect(keysOf(zh).sort(), ns).toEqual(keysOf(en).sort());
    }
  });
});
