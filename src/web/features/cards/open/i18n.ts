/**
 * Texts of the card opening and scenario query pages (locales/<lang>/cardOpen.json), registered
 * when a page's code loads so the sign-in page's bundle does not carry them; the card domain's
 * shared texts come with them.
 */
import en from '@locales/en/cardOpen.json';
import zh from '@locales/zh-CN/cardOpen.json';
import { i18n } from '../../../lib/i18n';

export { CARDS_NS } from '../cards-i18n';
export const CARD_OPEN_NS = 'cardOpen';

i18n.addResourceBundle('zh-CN', CARD_OPEN_NS, zh, true, true);
i18n.addResourceBundle('en', CARD_OPEN_NS, en, true, true);
