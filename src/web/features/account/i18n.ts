/**
 * The personal-centre pages' namespace (locales/<lang>/account.json). Its texts are among the start
 * texts every page has (lib/i18n.ts NAMESPACES: the status pages use them too), loaded for the
 * shown language before the first render and for the other when it is switched to, so the pages
 * add nothing of their own.
 */
export const ACCOUNT_NS = 'account';
