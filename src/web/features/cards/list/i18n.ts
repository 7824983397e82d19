/**
 * Texts of the card list (locales/<lang>/cardList.json), registered when the page's code loads so
 * the sign-in page's bundle does not carry them; the card domain's shared texts come with them.
 */
import en from '@locales/en/cardList.json';
import zh from '@locales/zh-CN/cardList.json';
import { i18n } from '../../../lib/i18n';

export { CARDS_NS } from '../cards-i18n';
export const CARD_LIST_NS = 'cardList';

i18n.addResourceBundle('zh-CN', CARD_LIST_NS, zh, true, true);
i18n.addResourceBundle('en', CARD_LIST_NS, en, true, true);
