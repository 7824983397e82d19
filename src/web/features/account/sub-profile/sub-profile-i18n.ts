/**
 * Texts of the sub-account user's /account page (locales/<lang>/subProfile.json) and the role
 * permission titles it lists (`roles`), registered when the page's code loads.
 */
import rolesEn from '@locales/en/roles.json';
import en from '@locales/en/subProfile.json';
import rolesZh from '@locales/zh-CN/roles.json';
import zh from '@locales/zh-CN/subProfile.json';
import { i18n } from '../../../lib/i18n';

export const SUB_PROFILE_NS = 'subProfile';

i18n.addResourceBundle('zh-CN', SUB_PROFILE_NS, zh, true, true);
i18n.addResourceBundle('en', SUB_PROFILE_NS, en, true, true);
i18n.addResourceBundle('zh-CN', 'roles', rolesZh, true, true);
i18n.addResourceBundle('en', 'roles', rolesEn, true, true);
