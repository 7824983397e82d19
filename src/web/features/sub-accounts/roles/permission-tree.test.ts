import { describe, expect, it } from 'vitest';
import { buildPermissionTree } from '@contract/permissions';
import { areaState, grantKey, revokeKey, setArea } from './permission-tree';

const tree = buildPermissionTree();

describe('editing a role on the permission tree', () => {
  it('granting a card action grants the card list it is done from', () => {
    expect(grantKey([], 'card:recharge')).toEqual(expect.arrayContaining(['card:recharge', 'card:list']));
  });

  it('taking the card list away takes every action that needs it, and nothing else', () => {
    const keys = grantKey(grantKey(['card:open', 'finance:record'], 'card:recharge'), 'card:freeze');
    const left = revokeKey(tree, keys, 'card:list');
    expect(left).toEqual(['finance:record', 'card:open']);
  });

  it('an area is all, some or none, and can be switched as a whole', () => {
    expect(areaState(tree, [], 'card')).toBe('none');
    const all = setArea(tree, [], 'card', true);
    expect(areaState(tree, all, 'card')).toBe('all');
    expect(areaState(tree, revokeKey(tree, all, 'card:open'), 'card')).toBe('some');
    expect(setArea(tree, [...all, 'finance:record'], 'card', false)).toEqual(['finance:record']);
  });
});
