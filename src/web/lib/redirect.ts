/**
 * Where to go after sign-in. Only in-app paths are accepted, so a crafted link cannot bounce a
 * freshly signed-in user to another site ("open redirect"). The fallback is the user's own home:
 * /subHome for a sub-account user, /home otherwise (spec §2).
 */
import { homePath } from './permissions';

export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return homePath();
  if (target.startsWith('//') || target.startsWith('/\\')) return homePath();
  // Going back to the public pages after signing in makes no sense.
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '/signup') return homePath();
  return target;
}
