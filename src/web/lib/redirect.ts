/**
 * Where to go after sign-in. Only in-app paths are accepted, so a crafted link cannot bounce a
 * freshly signed-in user to another site ("open redirect").
 */
export const HOME_PATH = '/home';

export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return HOME_PATH;
  if (target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  // Going back to the public pages after signing in makes no sense.
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === '/' || path === '/signup') return HOME_PATH;
  return target;
}
