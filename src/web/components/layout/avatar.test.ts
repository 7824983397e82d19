import { describe, expect, it } from 'vitest';
import { avatarLetter } from './avatar';

describe('avatar letter (spec §2)', () => {
  it.each([
    [{ nickname: 'ada', mobile: '13800000000' }, 'A'],
    [{ nickname: '  张三 ', mobile: null }, '张'],
    [{ nickname: null, mobile: '13800000000' }, '1'],
    [{ nickname: '', mobile: '+86 138' }, '+'],
    [{ nickname: '😀 Joy', mobile: null }, '😀'],
    [{ nickname: '𠮷野家', mobile: null }, '𠮷'],
    [{ nickname: null, mobile: null, email: 'ops@example.com' }, 'O'],
    [null, '?'],
  ])('%j -> %s', (user, letter) => {
    expect(avatarLetter(user)).toBe(letter);
  });
});
