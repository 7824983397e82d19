/**
 * Editing a role's keys on the permission tree (contract permissions.ts: one table for contract,
 * server and PWA). Granting a key grants what it requires (an action on a card needs the card
 * list); taking a key away takes away what requires it, so the tree never shows a state the
 * server would change on saving.
 */
import { normalisePermissions, type PermissionTree } from '@contract/permissions';

type Node = PermissionTree[number]['children'][number];

function nodesOf(tree: PermissionTree): Node[] {
  return tree.flatMap((area) => area.children);
}

/** The keys with `key` granted, and what it requires, in table order. */
export function grantKey(keys: readonly string[], key: string): string[] {
  return normalisePermissions([...keys, key]);
}

/** The keys without `key` and without every key that (through others) requires it. */
export function revokeKey(tree: PermissionTree, keys: readonly string[], key: string): string[] {
  const nodes = nodesOf(tree);
  const gone = new Set([key]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (!gone.has(node.key) && node.requires.some((needed) => gone.has(needed))) {
        gone.add(node.key);
        grew = true;
      }
    }
  }
  return keys.filter((held) => !gone.has(held));
}

export type AreaState = 'all' | 'some' | 'none';

export function areaState(tree: PermissionTree, keys: readonly string[], area: string): AreaState {
  const children = tree.find((entry) => entry.area === area)?.children ?? [];
  const held = children.filter((node) => keys.includes(node.key)).length;
  if (held === 0) return 'none';
  return held === children.length ? 'all' : 'some';
}

/** Every key of an area on, or every key of it off (with what depends on them elsewhere). */
export function setArea(tree: PermissionTree, keys: readonly string[], area: string, on: boolean): string[] {
  const children = tree.find((entry) => entry.area === area)?.children ?? [];
  if (on) return normalisePermissions([...keys, ...children.map((node) => node.key)]);
  return children.reduce<string[]>((current, node) => revokeKey(tree, current, node.key), [...keys]);
}
