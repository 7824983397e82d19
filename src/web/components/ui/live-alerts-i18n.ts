/**
 * Texts of the live alerts and the live-code badges (locales/<lang>/liveAlerts.json): shared by the
 * shell's alerts and the badges of several features, so registered from components/ui.
 */
import en from '@locales/en/liveAlerts.json';
import zh from '@locales/zh-CN/liveAlerts.json';
import { i18n } from '../../lib/i18n';

export const LIVE_ALERTS_NS = 'liveAlerts';

i18n.addResourceBundle('zh-CN', LIVE_ALERTS_NS, zh, true, true);
i18n.addResourceBundle('en', LIVE_ALERTS_NS, en, true, true);
