/**
 * The card domain's shared texts (locales/<lang>/cards.json), which hold the risk notice. The home
 * page registers them itself: features do not import each other, and the card pages may not have
 * loaded yet. Registering the same bundle twice only merges it over itself.
 */
import en from '@locales/en/cards.json';
import zh from '@locales/zh-CN/cards.json';
import { i18n } from '../../../lib/i18n';

export const CARDS_NS = 'cards';

i18n.addResourceBundle('zh-CN', CARDS_NS, zh, true, true);
i18n.addResourceBundle('en', CARDS_NS, en, true, true);
