// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mainAccessGrant, PERMISSION_KEYS, subAccessGrant } from '../../contract/permissions';
import { TEST_USER } from '../testing/fixtures';
import {
  allowedIds,
  guardTarget,
  hasPermission,
  hasStoredAccess,
  homePath,
  isSubAccountSession,
  menuIds,
  storeAccess,
} from './permissions';
import { ROUTE_META, routeMeta, type RouteName } from './route-meta';
import { saveTokens, saveUserInfo } from './session';
import { getItem, setItem } from './storage';

const ALL: ReadonlySet<RouteName> = new Set(ROUTE_META.map((row) => row.name));

describe('the permission table (spec §2)', () => {
  it('carries the ids the spec gives', () => {
    const ids = Object.fromEntries(ROUTE_META.map((row) => [row.name, row.permission]));
    expect(ids).toMatchObject({
      home: 2001,
      finance: 2003,
      FinanceRecharge: 2003001,
      financeAudit: 2003002,
      cardGrande: 2004,
      card: 2005,
      subAccount: 2006,
      personal: 2007,
    });
  });
});

describe('rights come from the server, stored under the spec keys', () => {
  const member = subAccessGrant(['card:list', 'card:record']);

  it('the user info stores subAccount, Auths, AuthsMenu and subPermission as sent', () => {
    saveUserInfo({ ...TEST_USER, ...member });
    expect(getItem('subAccount')).toBe(1);
    expect(getItem('Auths')).toEqual(member.Auths);
    expect(getItem('AuthsMenu')).toEqual(member.AuthsMenu);
    expect(getItem('subPermission')).toEqual(['card:list', 'card:record']);
    expect(isSubAccountSession()).toBe(true);
    expect(homePath()).toBe('/subHome');
  });

  it('nothing is derived in the browser: the ids are exactly what the server sent', () => {
    // A grant the browser would never derive itself: the PWA still follows it.
    saveUserInfo({ ...TEST_USER, ...mainAccessGrant(1), Auths: [{ id: 2001 }], AuthsMenu: [2001] });
    expect([...allowedIds()]).toEqual([2001]);
    expect([...menuIds()]).toEqual([2001]);
  });

  it('sign-in answers store the grant before any user info', () => {
    saveTokens({ access_token: 'a', refresh_token: 'r'.repeat(20), access_overtime: 1, ...member });
    expect(hasStoredAccess()).toBe(true);
    expect(allowedIds().has(2005002)).toBe(true);
    expect(allowedIds().has(2005001)).toBe(false);
  });

  it('an answer without a grant keeps what is stored', () => {
    saveUserInfo({ ...TEST_USER, ...member });
    // An answer without the ids (an older server) is no grant, whatever else it says.
    expect(storeAccess({ subAccount: 0, subPermission: [] })).toBe(false);
    expect(getItem('subAccount')).toBe(1);
    expect(getItem('Auths')).toEqual(member.Auths);
  });

  it('without a stored grant: the pre-login default set, nothing written', () => {
    expect(hasStoredAccess()).toBe(false);
    expect([...allowedIds()]).toEqual([2001]);
    expect(getItem('Auths')).toBeNull();
    expect(homePath()).toBe('/home');
  });
});

describe('the permission rule (spec §5)', () => {
  it('a main account holds every key', () => {
    saveUserInfo({ ...TEST_USER, ...mainAccessGrant(1) });
    expect(hasPermission('card:open')).toBe(true);
    expect(hasPermission('anything:else')).toBe(true);
  });

  it('a member holds exactly its keys', () => {
    saveUserInfo({ ...TEST_USER, ...subAccessGrant(['card:recharge']) });
    expect(hasPermission('card:recharge')).toBe(true);
    expect(hasPermission('card:list')).toBe(true); // required by recharge, sent by the server
    expect(hasPermission('card:open')).toBe(false);
  });

  it('an expired member loses opening, recharge, withdrawal and deletion, keeps the rest (spec §4)', () => {
    const sub = {
      subUid: 'S1',
      roleName: 'Ops',
      validUntil: '2020-01-01T00:00:00Z',
      expired: true,
      expiryPolicy: 'keep' as const,
      limits: {
        cnyRecharge: { limit: null, used: 0 },
        usdRecharge: { limit: null, used: 0 },
        usdSpend: { limit: null, used: 0 },
      },
    };
    saveUserInfo({ ...TEST_USER, ...subAccessGrant(PERMISSION_KEYS), sub });
    for (const key of ['card:open', 'card:recharge', 'card:withdraw', 'card:delete'])
      expect(hasPermission(key)).toBe(false);
    expect(hasPermission('card:freeze')).toBe(true);
    expect(hasPermission('card:list')).toBe(true);
    setItem('userInfo', { ...TEST_USER, sub: { ...sub, expired: false } });
    expect(hasPermission('card:open')).toBe(true);
  });
});

describe('guardTarget (spec §2 rules after the token check)', () => {
  const main = new Set(mainAccessGrant(1).Auths.map(({ id }) => id));
  const sub = new Set(subAccessGrant(PERMISSION_KEYS).Auths.map(({ id }) => id));

  it('shows a page the user may open', () => {
    expect(guardTarget(routeMeta('home'), main, ALL)).toBeNull();
    expect(guardTarget(routeMeta('subHome'), sub, ALL)).toBeNull();
  });

  it('sends a route without permission to /noPermission', () => {
    expect(guardTarget(routeMeta('subHome'), main, ALL)).toBe('/noPermission');
    expect(guardTarget(routeMeta('home'), sub, ALL)).toBe('/noPermission');
    expect(guardTarget(routeMeta('cardGroup'), sub, ALL)).toBe('/noPermission');
  });

  it('treats a route that declares no permission as not allowed', () => {
    expect(guardTarget(undefined, main, ALL)).toBe('/noPermission');
  });

  it('sends a parent route to its first authorised child', () => {
    expect(guardTarget(routeMeta('finance'), main, ALL)).toBe('/FinanceRecharge');
    // ...which is a parent itself and goes on to its first channel.
    expect(guardTarget(routeMeta('FinanceRecharge'), main, ALL)).toBe('/FinanceRechargeIndex');
    // A sub-account user may not recharge: the first child they may open is the records.
    expect(guardTarget(routeMeta('finance'), sub, ALL)).toBe('/financeRecord');
    expect(guardTarget(routeMeta('personal'), sub, ALL)).toBe('/account');
  });

  it('only to children that exist', () => {
    const built = new Set<RouteName>(['finance', 'financeAudit', 'financeRecord']);
    expect(guardTarget(routeMeta('finance'), main, built)).toBe('/financeAudit');
  });

  it('sends a parent without an authorised child to /noPermission', () => {
    const onlyParent = new Set([2005]);
    expect(guardTarget(routeMeta('card'), onlyParent, ALL)).toBe('/noPermission');
    expect(guardTarget(routeMeta('card'), main, new Set<RouteName>(['card']))).toBe('/noPermission');
  });
});
