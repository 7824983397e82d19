/** Texts of the sub-account user's home (locales/<lang>/subHome.json), registered with its code. */
import en from '@locales/en/subHome.json';
import zh from '@locales/zh-CN/subHome.json';
import { i18n } from '../../../lib/i18n';

export const SUB_HOME_NS = 'subHome';

i18n.addResourceBundle('zh-CN', SUB_HOME_NS, zh, true, true);
i18n.addResourceBundle('en', SUB_HOME_NS, en, true, true);
