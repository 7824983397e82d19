import { describe, expect, it } from 'vitest';
import { langFromHeader, translate } from './i18n';

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
