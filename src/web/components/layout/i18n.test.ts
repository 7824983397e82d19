import { describe, expect, it } from 'vitest';
import enNotices from '@locales/en/notices.json';
import enShell from '@locales/en/shell.json';
import zhNotices from '@locales/zh-CN/notices.json';
import zhShell from '@locales/zh-CN/shell.json';
import { ROUTE_META } from '../../lib/route-meta';
import { keysOf } from '../../testing/locales';

describe('shell and notice texts', () => {
  it.each([
    ['shell', enShell, zhShell],
    ['notices', enNotices, zhNotices],
  ])('%s has the same keys in both languages, none empty', (_ns, en, zh) => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(en))
      expect(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en)).not.toBe('');
  });

  it('every route of the permission table has a title and an intro tag', () => {
    const shellKeys = new Set(keysOf(enShell).map((key) => `shell:${key}`));
    for (const row of ROUTE_META) {
      expect(shellKeys, row.name).toContain(row.titleKey);
      expect(shellKeys, row.name).toContain(row.introKey);
    }
  });
});
