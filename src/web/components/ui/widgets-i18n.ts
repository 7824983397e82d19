/**
 * Texts of the shared widgets (locales/<lang>/widgets.json). Registered when the first widget is
 * imported rather than in lib/i18n.ts, so the sign-in page's bundle does not carry them.
 */
import en from '@locales/en/widgets.json';
import zh from '@locales/zh-CN/widgets.json';
import { i18n } from '../../lib/i18n';

export const WIDGETS_NS = 'widgets';

i18n.addResourceBundle('zh-CN', WIDGETS_NS, zh, true, true);
i18n.addResourceBundle('en', WIDGETS_NS, en, true, true);
