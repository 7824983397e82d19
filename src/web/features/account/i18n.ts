/** Texts of the personal-centre pages (locales/<lang>/account.json), loaded with the pages. */
import en from '@locales/en/account.json';
import zh from '@locales/zh-CN/account.json';
import { i18n } from '../../lib/i18n';

export const ACCOUNT_NS = 'account';

i18n.addResourceBundle('zh-CN', ACCOUNT_NS, zh, true, true);
i18n.addResourceBundle('en', ACCOUNT_NS, en, true, true);
