/**
 * The card domain's shared texts (locales/<lang>/cards.json: statuses, decline reasons,
 * validation), registered once when the first card page's code loads, so the sign-in page's
 * bundle does not carry them. Each card page registers its own texts beside these.
 */
import en from '@locales/en/cards.json';
import zh from '@locales/zh-CN/cards.json';
import { i18n } from '../../lib/i18n';

export const CARDS_NS = 'cards';

i18n.addResourceBundle('zh-CN', CARDS_NS, zh, true, true);
i18n.addResourceBundle('en', CARDS_NS, en, true, true);
