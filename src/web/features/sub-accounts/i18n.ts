/**
 * Texts of the team page (locales/<lang>/subAccountManage.json), registered when the page's code
 * loads so the sign-in page's bundle does not carry them. The domain's own texts — the permission
 * titles of the roles (`roles`) and the server's validation messages (`subAccounts`) — come with
 * them.
 */
import en from '../../../../locales/en/subAccountManage.json';
import zh from '../../../../locales/zh-CN/subAccountManage.json';
import { i18n } from '../../lib/i18n';

export const TEAM_NS = 'subAccountManage';

i18n.addResourceBundle('zh-CN', TEAM_NS, zh, true, true);
i18n.addResourceBundle('en', TEAM_NS, en, true, true);
