/**
 * The Chinese texts every page starts with (lib/i18n.ts NAMESPACES), as a chunk of their own: only
 * the stored language's chunk loads at the start (boot.ts preloads it); the other loads when the
 * language is switched (docs/decisions.md "Page budgets").
 */
import account from '@locales/zh-CN/account.json';
import auth from '@locales/zh-CN/auth.json';
import common from '@locales/zh-CN/common.json';

export const START_TEXTS = { common, auth, account };
