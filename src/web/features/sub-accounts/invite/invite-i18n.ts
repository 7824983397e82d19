/** Texts of the invitation page (locales/<lang>/subInvite.json), registered when its code loads. */
import subEn from '@locales/en/subAccounts.json';
import en from '@locales/en/subInvite.json';
import subZh from '@locales/zh-CN/subAccounts.json';
import zh from '@locales/zh-CN/subInvite.json';
import { i18n } from '../../../lib/i18n';

export const INVITE_NS = 'subInvite';

i18n.addResourceBundle('zh-CN', INVITE_NS, zh, true, true);
i18n.addResourceBundle('en', INVITE_NS, en, true, true);
i18n.addResourceBundle('zh-CN', 'subAccounts', subZh, true, true);
i18n.addResourceBundle('en', 'subAccounts', subEn, true, true);
