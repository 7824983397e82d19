// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { storeSession, TEST_USER } from '../test-fixtures';
import {
  allowedIds,
  allowedIdsFor,
  guardTarget,
  homePath,
  menuIds,
  menuIdsOf,
  storePermissions,
} from './permissions';
import { ROUTE_META, routeMeta, type RouteName } from './route-meta';
import { saveUserInfo } from './session';
import { getItem, setItem } from './storage';

const SUB_ACCOUNT_IDS = [2006, 2006001, 2006002, 2006003];
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

  it('has one row per path and parents that exist', () => {
    const paths = ROUTE_META.map((row) => row.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const row of ROUTE_META) if (row.parent) expect(routeMeta(row.parent).name).toBe(row.parent);
  });
});

describe('allowed ids per route set', () => {
  it('main account, sub-account feature on or unset: the whole main set', () => {
    const on = allowedIdsFor({ kind: 'main', subSwitch: 1 });
    expect(allowedIdsFor({ kind: 'main', subSwitch: undefined })).toEqual(on);
    expect(on).toEqual(expect.arrayContaining([2001, 2003, 2003001, 2003002, 2003003, 2004, 2005, 2008]));
    expect(on).toEqual(expect.arrayContaining(SUB_ACCOUNT_IDS));
    expect(on).not.toContain(2002); // /subHome is the sub-account user's
  });

  it('main account with the feature off: the main set without the sub-account ids', () => {
    const off = allowedIdsFor({ kind: 'main', subSwitch: 0 });
    expect(off).toEqual(
      allowedIdsFor({ kind: 'main', subSwitch: 1 }).filter((id) => !SUB_ACCOUNT_IDS.includes(id)),
    );
  });

  it('sub-account user: the sub set', () => {
    expect(allowedIdsFor({ kind: 'sub' }).sort()).toEqual(
      [2002, 2003, 2003003, 2005, 2005001, 2005002, 2005004, 2007, 2007001].sort(),
    );
  });

  it('nobody signed in: the pre-login default, /home alone', () => {
    expect(allowedIdsFor({ kind: 'signedOut' })).toEqual([2001]);
  });

  it('AuthsMenu keeps the ids listed in a menu (the recharge channels share the recharge id)', () => {
    expect(menuIdsOf([2001, 2003001, 2002])).toEqual([2001, 2003001, 2002]);
    expect(menuIdsOf([9999])).toEqual([]);
  });
});

describe('storing and reading Auths / AuthsMenu', () => {
  it('sign-in stores both from the user info', () => {
    saveUserInfo(TEST_USER);
    expect(getItem('Auths')).toEqual(allowedIdsFor({ kind: 'main', subSwitch: 1 }).map((id) => ({ id })));
    expect(getItem('AuthsMenu')).toEqual(menuIdsOf(allowedIdsFor({ kind: 'main', subSwitch: 1 })));
  });

  it('follows a change of the sub-account switch when the user info is refreshed', () => {
    saveUserInfo(TEST_USER);
    expect(allowedIds().has(2006)).toBe(true);
    saveUserInfo({ ...TEST_USER, statusList: { subSwitch: 0 } });
    expect(allowedIds().has(2006)).toBe(false);
    expect(menuIds().has(2006)).toBe(false);
  });

  it('a sub-account session (stored subAccount = 1) gets the sub set', () => {
    setItem('subAccount', 1);
    expect(storePermissions(TEST_USER)).toEqual(allowedIdsFor({ kind: 'sub' }));
    expect(homePath()).toBe('/subHome');
  });

  it('the guards read the stored ids, not a fresh derivation', () => {
    saveUserInfo(TEST_USER);
    setItem('Auths', [{ id: 2002 }]);
    expect([...allowedIds()]).toEqual([2002]);
  });

  it('a session stored without ids gets them derived (and stored) on first use', () => {
    storeSession();
    expect(getItem('Auths')).toBeNull();
    expect(allowedIds().has(2001)).toBe(true);
    expect(getItem('Auths')).not.toBeNull();
  });

  it('without a session: the default set, nothing written', () => {
    expect([...allowedIds()]).toEqual([2001]);
    expect(getItem('Auths')).toBeNull();
    expect(homePath()).toBe('/home');
  });
});

describe('guardTarget (spec §2 rules after the token check)', () => {
  const main = new Set(allowedIdsFor({ kind: 'main', subSwitch: 1 }));
  const sub = new Set(allowedIdsFor({ kind: 'sub' }));

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
