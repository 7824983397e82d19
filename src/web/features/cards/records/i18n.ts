/**
 * Texts of the card records page (locales/<lang>/cardRecords.json) and the shared card texts it
 * shows (locales/<lang>/cards.json: transaction statuses, decline reasons, validation), registered
 * when the page's code loads so the sign-in page's bundle does not carry them. Registering `cards`
 * again from another card page is harmless: the same texts are merged over themselves.
 */
import enCards from '../../../../../locales/en/cards.json';
import en from '../../../../../locales/en/cardRecords.json';
import zhCards from '../../../../../locales/zh-CN/cards.json';
import zh from '../../../../../locales/zh-CN/cardRecords.json';
import { i18n } from '../../../lib/i18n';

export const CARD_RECORDS_NS = 'cardRecords';
export const CARDS_NS = 'cards';

i18n.addResourceBundle('zh-CN', CARD_RECORDS_NS, zh, true, true);
i18n.addResourceBundle('en', CARD_RECORDS_NS, en, true, true);
i18n.addResourceBundle('zh-CN', CARDS_NS, zhCards, true, true);
i18n.addResourceBundle('en', CARDS_NS, enCards, true, true);
