import { describe, expect, it } from 'vitest';
import { moneyText } from './money-text';

describe('moneyText: amounts in server messages, in ISO 4217 minor units (issue 34 §3)', () => {
  it('writes cents where the currency has them and none for yen and won', () => {
    expect(moneyText(1_600_000, 'CNY')).toBe('¥16,000.00');
    expect(moneyText(1234, 'USD')).toBe('$12.34');
    expect(moneyText(5000, 'JPY')).toBe('JPY 5,000');
    expect(moneyText(50_000, 'KRW')).toBe('KRW 50,000');
    expect(moneyText(150_000, 'IDR')).toBe('IDR 1,500.00');
    expect(moneyText(-150, 'USD')).toBe('-$1.50');
  });
});
