/** Texts of the card group page (locales/<lang>/cardGroups.json), registered when the page loads. */
import en from '@locales/en/cardGroups.json';
import zh from '@locales/zh-CN/cardGroups.json';
import { i18n } from '../../lib/i18n';

export const CARD_GROUPS_NS = 'cardGroups';

i18n.addResourceBundle('zh-CN', CARD_GROUPS_NS, zh, true, true);
i18n.addResourceBundle('en', CARD_GROUPS_NS, en, true, true);
