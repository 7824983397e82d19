import { describe, expect, it } from 'vitest';
import { nameKey } from './name-key';

describe('nameKey', () => {
  it('folds case, full-width forms and spacing, in both scripts', () => {
    expect(nameKey('Ads')).toBe(nameKey('ADS'));
    expect(nameKey('ＡＤＳ')).toBe(nameKey('ads'));
    expect(nameKey('  Face  book ')).toBe(nameKey('face book'));
    expect(nameKey('广告组１')).toBe(nameKey('广告组1'));
    expect(nameKey('广告组')).not.toBe(nameKey('广告'));
  });
});
