/**
 * Texts of the card opening and scenario query pages (locales/<lang>/cardOpen.json) and the shared
 * card words (locales/<lang>/cards.json: statuses, validation), registered when a page's code
 * loads so the sign-in page's bundle does not carry them. Registering a bundle twice (another card
 * page does it too) only overwrites it with the same texts.
 */
import enCards from '../../../../../locales/en/cards.json';
import enOpen from '../../../../../locales/en/cardOpen.json';
import zhCards from '../../../../../locales/zh-CN/cards.json';
import zhOpen from '../../../../../locales/zh-CN/cardOpen.json';
import { i18n } from '../../../lib/i18n';

export const CARD_OPEN_NS = 'cardOpen';
export const CARDS_NS = 'cards';

i18n.addResourceBundle('zh-CN', CARD_OPEN_NS, zhOpen, true, true);
i18n.addResourceBundle('en', CARD_OPEN_NS, enOpen, true, true);
i18n.addResourceBundle('zh-CN', CARDS_NS, zhCards, true, true);
i18n.addResourceBundle('en', CARDS_NS, enCards, true, true);
