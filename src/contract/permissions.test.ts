import { describe, expect, it } from 'vitest';
import { allEndpoints } from './index';
import {
  buildPermissionTree,
  isEndpointAccess,
  mainAccessGrant,
  normalisePermissions,
  PERMISSION_KEYS,
  permissionRow,
  subAccessGrant,
} from './permissions';
import { ROUTE_ROWS, type RouteName } from './routes';

const idOf = (name: RouteName): number => ROUTE_ROWS[name].permission;
const ids = (grant: { Auths: { id: number }[] }): number[] => grant.Auths.map((a) => a.id);

describe('every bearer endpoint declares who may call it', () => {
  it.each(allEndpoints.filter((e) => e.auth === 'bearer').map((e) => [e.id, e.permission] as const))(
    '%s: %s',
    (_id, permission) => {
      expect(isEndpointAccess(permission)).toBe(true);
    },
  );

  it('every key of the table guards an endpoint or opens a page', () => {
    const used = new Set(allEndpoints.map((e) => e.permission));
    expect(PERMISSION_KEYS.filter((key) => !used.has(key) && permissionRow(key).routes.length === 0)).toEqual(
      [],
    );
  });
});

describe('the permission tree', () => {
  it('lists every key once, under its area', () => {
    const tree = buildPermissionTree();
    const keys = tree.flatMap((area) => area.children.map((child) => child.key));
    expect(keys.toSorted()).toEqual([...PERMISSION_KEYS].toSorted());
    for (const area of tree)
      for (const child of area.children) expect(child.key.startsWith(`${area.area}:`)).toBe(true);
  });

  it('routes of the keys belong to the sub-account route set', () => {
    for (const key of PERMISSION_KEYS)
      for (const route of permissionRow(key).routes) expect(ROUTE_ROWS[route].sets).toContain('sub');
  });
});

describe('granted keys', () => {
  it('adds what a key requires and drops unknown keys', () => {
    expect(normalisePermissions(['card:recharge', 'nope:nope'])).toEqual(['card:list', 'card:recharge']);
  });
});

describe('access grants', () => {
  it('a sub-account without keys opens only /subHome', () => {
    const grant = subAccessGrant([]);
    expect(grant.subAccount).toBe(1);
    expect(ids(grant)).toEqual([idOf('subHome')]);
    expect(grant.subPermission).toEqual([]);
  });

  it('a key opens its route and the route’s parent, never a main-only route', () => {
    const grant = subAccessGrant(['card:open']);
    expect(ids(grant)).toEqual([idOf('subHome'), idOf('card'), idOf('cardOpen')]);
    expect(ids(grant)).not.toContain(idOf('cardList'));
    const all = subAccessGrant(PERMISSION_KEYS);
    for (const id of ids(all)) {
      const row = Object.values(ROUTE_ROWS).find((r) => r.permission === id);
      expect(row?.sets).toContain('sub');
    }
    expect(ids(all)).not.toContain(idOf('home'));
  });

  it('AuthsMenu lists only allowed ids that are in a menu', () => {
    const grant = mainAccessGrant(1);
    expect(grant.AuthsMenu.every((id) => ids(grant).includes(id))).toBe(true);
    expect(ids(subAccessGrant(['card:open'])).length).toBe(subAccessGrant(['card:open']).AuthsMenu.length);
  });

  it('a main account holds every key; the sub-account pages only with the feature on', () => {
    expect(mainAccessGrant(1).subPermission).toEqual(PERMISSION_KEYS);
    expect(ids(mainAccessGrant(1))).toContain(idOf('subAccountManage'));
    expect(ids(mainAccessGrant(0))).not.toContain(idOf('subAccountManage'));
    expect(ids(mainAccessGrant(1))).not.toContain(idOf('subHome'));
  });

  it('the main grant is shared, and no caller can change it for the next one', () => {
    const first = mainAccessGrant(1);
    expect(mainAccessGrant(1)).toBe(first);
    expect(() => first.AuthsMenu.push(-1)).toThrow(TypeError);
    expect(() => first.Auths.pop()).toThrow(TypeError);
    expect(() => Object.assign(first, { subAccount: 1 })).toThrow(TypeError);
    expect(mainAccessGrant(1).subPermission).toEqual(PERMISSION_KEYS);
    expect(mainAccessGrant(1).subAccount).toBe(0);
  });
});
