/**
 * Texts of the team page (locales/<lang>/subAccountManage.json), registered when the page's code
 * loads so the sign-in page's bundle does not carry them. The domain's own texts — the permission
 * titles of the roles (`roles`) and the validation messages of the contract (`subAccounts`) — come
 * with them.
 */
import rolesEn from '@locales/en/roles.json';
import en from '@locales/en/subAccountManage.json';
import subEn from '@locales/en/subAccounts.json';
import rolesZh from '@locales/zh-CN/roles.json';
import zh from '@locales/zh-CN/subAccountManage.json';
import subZh from '@locales/zh-CN/subAccounts.json';
import { i18n } from '../../lib/i18n';

export const TEAM_NS = 'subAccountManage';

i18n.addResourceBundle('zh-CN', TEAM_NS, zh, true, true);
i18n.addResourceBundle('en', TEAM_NS, en, true, true);
i18n.addResourceBundle('zh-CN', 'roles', rolesZh, true, true);
i18n.addResourceBundle('en', 'roles', rolesEn, true, true);
i18n.addResourceBundle('zh-CN', 'subAccounts', subZh, true, true);
i18n.addResourceBundle('en', 'subAccounts', subEn, true, true);
