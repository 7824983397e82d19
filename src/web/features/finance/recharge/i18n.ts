/**
 * Texts of the recharge pages (locales/<lang>/recharge.json), registered when the pages' code
 * loads so the sign-in page's bundle does not carry them.
 */
import en from '@locales/en/recharge.json';
import zh from '@locales/zh-CN/recharge.json';
import { i18n } from '../../../lib/i18n';

export const RECHARGE_NS = 'recharge';

i18n.addResourceBundle('zh-CN', RECHARGE_NS, zh, true, true);
i18n.addResourceBundle('en', RECHARGE_NS, en, true, true);
