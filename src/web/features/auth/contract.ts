/**
 * The contract modules used by the sign-in page, loaded on demand. They carry zod (about 26 KB
 * gzipped) which nothing needs to paint the sign-in form; SignInPage starts loading them on the
 * first interaction, long before the user can press "Sign in".
 */
export const loadAuthContract = () => import('../../../contract/auth');
export const loadAccountContract = () => import('../../../contract/account');
export const loadFieldSchemas = () => import('../../../contract/fields');

/** Warms the module cache; safe to call any number of times. */
export function preloadSignInContract(): void {
  void Promise.all([loadAuthContract(), loadAccountContract(), loadFieldSchemas()]).catch(() => undefined);
}
