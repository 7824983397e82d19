// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { endSession, rememberUsername, saveTokens, saveUserInfo } from './session';
import { clearStorage, getItem, setItem } from './storage';
import type { UserInfo } from '../../contract/account';

const user: UserInfo = {
  userId: 'u1',
  email: 'ada@example.com',
  nickname: 'Ada',
  mobile: null,
  accountType: 'business',
  inviteCode: '123456',
  googleBound: false,
  createdAt: '2025-01-01T00:00:00+00:00',
  statusList: { subSwitch: 1 },
};

function fillSession(): void {
  rememberUsername('ada@example.com', true);
  setItem('lang', 'en');
  saveTokens({
    access_token: 'a'.repeat(43),
    access_overtime: 1_900_000_000_000,
    refresh_token: 'r'.repeat(43),
  });
  saveUserInfo(user);
  setItem('Auths', [{ id: 2001 }]);
  setItem('AuthsMenu', [2001]);
  setItem('subAccount', 0);
  setItem('subPermission', ['card:open']);
  setItem('guide', true);
}

describe('storage', () => {
  it('stores plain strings as they are and other values as JSON', () => {
    fillSession();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('username')).toBe('ada@example.com');
    expect(localStorage.getItem('autoLogin')).toBe('true');
    expect(getItem('userInfo')).toEqual(user);
    expect(getItem('access_overtime')).toBe(1_900_000_000_000);
  });

  it('clearStorage keeps username and autoLogin (and the language) and drops everything else', () => {
    fillSession();
    localStorage.setItem('somethingElse', 'x');
    clearStorage();
    expect(Object.keys(localStorage).sort()).toEqual(['autoLogin', 'lang', 'username']);
    expect(getItem('username')).toBe('ada@example.com');
    expect(getItem('autoLogin')).toBe(true);
    expect(getItem('access_token')).toBeNull();
    expect(getItem('refresh_token')).toBeNull();
    expect(getItem('userInfo')).toBeNull();
  });

  it('endSession clears the same way', () => {
    fillSession();
    endSession();
    expect(Object.keys(localStorage).sort()).toEqual(['autoLogin', 'lang', 'username']);
  });

  it('never writes a password, whatever the session holds', () => {
    fillSession();
    clearStorage();
    expect(localStorage.getItem('password')).toBeNull();
    const everything = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
    expect(everything.join('\n')).not.toMatch(/password/i);
  });

  it('"remember me" off forgets the user name', () => {
    rememberUsername('ada@example.com', true);
    rememberUsername('ada@example.com', false);
    expect(getItem('username')).toBeNull();
    expect(getItem('autoLogin')).toBe(false);
  });
});
