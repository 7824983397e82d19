/** Texts of the push opt-in (locales/<lang>/push.json), registered with the lazily loaded control. */
import en from '@locales/en/push.json';
import zh from '@locales/zh-CN/push.json';
import { i18n } from '../../../lib/i18n';

export const PUSH_NS = 'push';

i18n.addResourceBundle('zh-CN', PUSH_NS, zh, true, true);
i18n.addResourceBundle('en', PUSH_NS, en, true, true);
