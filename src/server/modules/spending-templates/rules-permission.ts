/**
 * Whether the caller may set spending rules (`card:limits`): the endpoints that only set rules
 * declare it; an opening (`card:open`) that also sets rules — a template chosen, an import's rule
 * columns filled — checks it here.
 */
import { fail } from '../../lib/errors';
import type { SessionPrincipal } from '../../lib/session';

export const RULES_PERMISSION = 'card:limits';

export function mayChangeRules(principal: SessionPrincipal): boolean {
  return principal.subAccountId === null || (principal.sub?.permissions.includes(RULES_PERMISSION) ?? false);
}

export function requireRulesPermission(principal: SessionPrincipal): void {
  if (!mayChangeRules(principal)) throw fail.noPermission();
}
