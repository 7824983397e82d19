/**
 * The permission matrix on the server (docs/decisions.md "Sub-accounts and roles"): every bearer
 * endpoint declares a permission key, `main` or `any` (src/contract/permissions.ts), and a
 * sub-account session is checked against its role's keys on every request. The keys come from the
 * session lookup of this very request, so a role change counts at once.
 *
 * Refusals answer 4030, which does not sign out (spec §8 signs out on 403; a missing permission is
 * no reason to). An expired member keeps its reading rights but may not move money or open,
 * withdraw from or delete cards (spec §4): 422 with its own message.
 */
import { Code, type EndpointDef } from '../../contract/core';
import { ANY_USER, isPermissionKey, MAIN_ONLY, type PermissionKey } from '../../contract/permissions';
import { AppError, fail } from './errors';
import type { SessionPrincipal } from './session';

/** Spec §4: what an expired sub-account may no longer do. */
export const REFUSED_WHEN_EXPIRED: ReadonlySet<PermissionKey> = new Set<PermissionKey>([
  'card:open',
  'card:recharge',
  'card:withdraw',
  'card:delete',
]);

export function enforceAccess(def: EndpointDef, principal: SessionPrincipal): void {
  if (principal.subAccountId === null) return;
  const access = def.permission ?? MAIN_ONLY;
  if (access === ANY_USER) return;
  if (access === MAIN_ONLY || !isPermissionKey(access))
    throw new AppError(Code.noPermission, 'server:account.mainAccountOnly');
  const sub = principal.sub;
  if (!sub?.permissions.includes(access))
    throw new AppError(Code.noPermission, 'server:subAccounts.noPermission');
  if (sub.expired && REFUSED_WHEN_EXPIRED.has(access)) throw fail.rule('server:subAccounts.expired');
}
