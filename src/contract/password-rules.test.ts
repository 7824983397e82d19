import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import commonPasswords from './data/common-passwords.json';
import './common-passwords';
import { password } from './fields';
import { commonPasswordsFrom, isCommonPassword, PASSWORD_MIN } from './password-rules';

describe('password policy', () => {
  it('refuses the most common passwords case-insensitively, with their own message', () => {
    for (const common of ['1234567890', 'qwertyuiop', 'PASSWORD123', '1q2w3e4r5t']) {
      expect(isCommonPassword(common), common).toBe(true);
      const result = password.safeParse(common);
      expect(result.error?.issues[0]?.message, common).toBe('common:validation.passwordCommon');
    }
  });

  it('refuses `12345678` and `password` by length, and accepts the demo password', () => {
    expect(password.safeParse('12345678').error?.issues[0]?.message).toBe('common:validation.passwordLength');
    expect(password.safeParse('password').error?.issues[0]?.message).toBe('common:validation.passwordLength');
    expect(password.safeParse('CardPortal#2026').success).toBe(true);
  });

  it('ships the list the generator makes from the installed dictionary (run the prebuild to refresh)', () => {
    const fresh = commonPasswordsFrom(dictionary['passwords-common'] as readonly string[]);
    expect(commonPasswords).toEqual(fresh);
    expect(fresh.length).toBeGreaterThan(1000);
    expect(fresh.every((entry) => entry.length >= PASSWORD_MIN)).toBe(true);
  });
});
