/**
 * Texts of the home page (locales/<lang>/home.json), registered when the page's code loads so the
 * sign-in page's bundle does not carry them.
 */
import en from '@locales/en/home.json';
import zh from '@locales/zh-CN/home.json';
import { i18n } from '../../lib/i18n';

export const HOME_NS = 'home';

i18n.addResourceBundle('zh-CN', HOME_NS, zh, true, true);
i18n.addResourceBundle('en', HOME_NS, en, true, true);
