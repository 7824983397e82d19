/** Texts of the identity verification page (locales/<lang>/identity.json), loaded with the page. */
import en from '@locales/en/identity.json';
import zh from '@locales/zh-CN/identity.json';
import { i18n } from '../../lib/i18n';

export const IDENTITY_NS = 'identity';

i18n.addResourceBundle('zh-CN', IDENTITY_NS, zh, true, true);
i18n.addResourceBundle('en', IDENTITY_NS, en, true, true);
