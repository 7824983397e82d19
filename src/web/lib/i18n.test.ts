// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { keysOf } from '../testing/locales';
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

  it('has the same keys in both languages in every locale file', async () => {
    // Plural forms too: Chinese uses `_other` for every count, but carries `_one` with the same
    // text so that the two files stay key for key alike.
    const names = readdirSync('locales/en')
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(readdirSync('locales/zh-CN').sort()).toEqual(names.map((name) => `${name}.json`));
    for (const name of names) {
      const en: unknown = (await import(`../../../locales/en/${name}.json`)).default;
      const zh: unknown = (await import(`../../../locales/zh-CN/${name}.json`)).default;
      expect(keysOf(zh).sort(), name).toEqual(keysOf(en).sort());
    }
  });
});
