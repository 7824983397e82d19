/**
 * Texts of the card list (locales/<lang>/cardList.json) and the card domain's shared texts
 * (locales/<lang>/cards.json: statuses, decline reasons, validation), registered when the page's
 * code loads so the sign-in page's bundle does not carry them. Registering `cards` again from
 * another card page is harmless: the bundles are merged.
 */
import enList from '../../../../../locales/en/cardList.json';
import enCards from '../../../../../locales/en/cards.json';
import zhList from '../../../../../locales/zh-CN/cardList.json';
import zhCards from '../../../../../locales/zh-CN/cards.json';
import { i18n } from '../../../lib/i18n';

export const CARD_LIST_NS = 'cardList';
export const CARDS_NS = 'cards';

i18n.addResourceBundle('zh-CN', CARDS_NS, zhCards, true, true);
i18n.addResourceBundle('en', CARDS_NS, enCards, true, true);
i18n.addResourceBundle('zh-CN', CARD_LIST_NS, zhList, true, true);
i18n.addResourceBundle('en', CARD_LIST_NS, enList, true, true);
