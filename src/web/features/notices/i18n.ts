/**
 * Texts of the notices (locales/<lang>/notices.json), registered when the feature is first
 * imported so the sign-in page's bundle does not carry them.
 */
import en from '@locales/en/notices.json';
import zh from '@locales/zh-CN/notices.json';
import { i18n } from '../../lib/i18n';

export const NOTICES_NS = 'notices';

i18n.addResourceBundle('zh-CN', NOTICES_NS, zh, true, true);
i18n.addResourceBundle('en', NOTICES_NS, en, true, true);
