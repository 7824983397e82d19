/**
 * Texts of the card records page (locales/<lang>/cardRecords.json), registered when the page's
 * code loads so the sign-in page's bundle does not carry them; the card domain's shared texts
 * (transaction statuses, decline reasons) come with them.
 */
import en from '@locales/en/cardRecords.json';
import zh from '@locales/zh-CN/cardRecords.json';
import { i18n } from '../../../lib/i18n';

export { CARDS_NS } from '../cards-i18n';
export const CARD_RECORDS_NS = 'cardRecords';

i18n.addResourceBundle('zh-CN', CARD_RECORDS_NS, zh, true, true);
i18n.addResourceBundle('en', CARD_RECORDS_NS, en, true, true);
