import { describe, expect, it } from 'vitest';
import { hasMessage, langFromHeader, translate } from './i18n';

describe('server messages', () => {
  it('Chinese is the default; an en header selects English', () => {
    expect(langFromHeader(undefined)).toBe('zh-CN');
    expect(langFromHeader('zh-CN')).toBe('zh-CN');
    expect(langFromHeader('en')).toBe('en');
    expect(langFromHeader('en-US,en;q=0.9')).toBe('en');
  });

  it('negotiates Accept-Language with its q-values, not by its first letters', () => {
    expect(langFromHeader('fr,en;q=0.8')).toBe('en');
    expect(langFromHeader('en-GB')).toBe('en');
    expect(langFromHeader('zh-TW,en;q=0.1')).toBe('zh-CN');
    expect(langFromHeader('en;q=0.2,zh;q=0.9')).toBe('zh-CN');
    expect(langFromHeader('fr,de;q=0.5')).toBe('zh-CN');
    expect(langFromHeader('en;q=0')).toBe('zh-CN');
    expect(langFromHeader('@@@, ;;q=x')).toBe('zh-CN');
    expect(langFromHeader('')).toBe('zh-CN');
  });

  it('translates with interpolation in both languages', () => {
    expect(translate('en', 'server:errors.rateLimited', { seconds: 42 })).toBe(
      'Too many requests. Try again in 42 seconds',
    );
    expect(translate('zh-CN', 'server:errors.rateLimited', { seconds: 42 })).toContain('42');
    expect(translate('en', 'common:validation.email')).toBe('Please enter the correct Email');
  });

  it('an unknown key shows itself rather than an empty message', () => {
    expect(translate('en', 'server:errors.noSuchKey')).toBe('server:errors.noSuchKey');
  });
});

describe('plurals (issue 29 item 18)', () => {
  it('chooses the i18next plural form of `count` in each language', () => {
    const key = 'server:cardOpen.import.rowsInvalid';
    expect(translate('en', key, { count: 1 })).toBe(
      '1 row has problems; nothing was opened. Fix it and import the file again',
    );
    expect(translate('en', key, { count: 4 })).toBe(
      '4 rows have problems; nothing was opened. Fix them and import the file again',
    );
    expect(translate('zh-CN', key, { count: 1 })).toBe('有 1 行数据有误，未开任何卡。请修改后重新导入');
    expect(hasMessage(key)).toBe(true);
  });
});
