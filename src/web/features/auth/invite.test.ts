// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { INVITE_CODE_KEY } from '../../lib/storage';
import { captureInviteCode, readInviteCode, storedInviteCode } from './invite';

describe('invitation code from the address (spec §2)', () => {
  it.each([
    ['inside the hash', 'https://portal.example/#/signup?code=123456'],
    ['before the hash', 'https://portal.example/?code=123456#/signup'],
    ['with other parameters', 'https://portal.example/?utm=x&code=123456#/signup?lang=en'],
  ])('reads a code %s', (_where, href) => {
    expect(readInviteCode(href)).toBe('123456');
  });

  it.each([
    ['too short', 'https://portal.example/#/signup?code=12345'],
    ['not digits', 'https://portal.example/#/signup?code=12a456'],
    ['too long', 'https://portal.example/?code=1234567#/signup'],
    ['absent', 'https://portal.example/#/signup'],
  ])('ignores a code that is %s', (_why, href) => {
    expect(readInviteCode(href)).toBeNull();
  });

  it('keeps the code in session storage for sign-up', () => {
    captureInviteCode('https://portal.example/#/signup?code=654321');
    expect(sessionStorage.getItem(INVITE_CODE_KEY)).toBe('654321');
    expect(storedInviteCode()).toBe('654321');
    expect(localStorage.getItem(INVITE_CODE_KEY)).toBeNull();
  });

  it('an address without a code keeps the code already stored', () => {
    captureInviteCode('https://portal.example/?code=111222#/');
    captureInviteCode('https://portal.example/#/signup');
    expect(storedInviteCode()).toBe('111222');
  });
});
