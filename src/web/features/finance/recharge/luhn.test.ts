import { describe, expect, it } from 'vitest';
import { cardDigits, groupCardDigits, luhnValid } from './luhn';

describe('luhnValid', () => {
  it.each(['4111111111111111', '6222021234567890003', '5555555555554444', '4222222222222'])(
    'accepts %s',
    (digits) => {
      expect(luhnValid(digits)).toBe(true);
    },
  );

  it('refuses a single wrong digit', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('refuses two neighbouring digits swapped', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('5555555555545444')).toBe(false);
  });

  it.each(['', '411111111111', '41111111111111111111', '4111 1111 1111 1111', '41111111111111a1'])(
    'refuses %j (not 13-19 digits)',
    (text) => {
      expect(luhnValid(text)).toBe(false);
    },
  );
});

describe('card input', () => {
  it('keeps at most 19 digits of what is typed or pasted', () => {
    expect(cardDigits('4111-1111 1111 1111')).toBe('4111111111111111');
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
  });

  it('groups digits by four for display', () => {
    expect(groupCardDigits('6222021234567890003')).toBe('6222 0212 3456 7890 003');
    expect(groupCardDigits('4111')).toBe('4111');
  });
});
