/** Texts of the logs page (locales/<lang>/logs.json), loaded with the page. */
import en from '@locales/en/logs.json';
import zh from '@locales/zh-CN/logs.json';
import { i18n } from '../../lib/i18n';

export const LOGS_NS = 'logs';

i18n.addResourceBundle('zh-CN', LOGS_NS, zh, true, true);
i18n.addResourceBundle('en', LOGS_NS, en, true, true);
