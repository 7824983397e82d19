/**
 * Route access by permission id (spec §2, §6). The spec leaves open how the allowed ids are
 * computed; until the server sends them (stored as `AuthsMenu`), every route is allowed, which is
 * what the spec says the client does ("the client takes all route definitions").
 */
import { getItem } from './storage';

export function isRouteAllowed(permission: number | undefined): boolean {
  if (permission === undefined) return true;
  const allowed = getItem('AuthsMenu');
  return allowed === null || allowed.includes(permission);
}
