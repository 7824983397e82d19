/**
 * The words of the installable app (the `pwa` namespace: install card, update banner), registered
 * once. Apart from lib/pwa.ts so the update banner, which lib/pwa.ts mounts, needs no import back.
 */
import en from '../../../locales/en/pwa.json';
import zh from '../../../locales/zh-CN/pwa.json';
import { i18n } from './i18n';

export const PWA_NS = 'pwa';
i18n.addResourceBundle('zh-CN', PWA_NS, zh, true, true);
i18n.addResourceBundle('en', PWA_NS, en, true, true);
