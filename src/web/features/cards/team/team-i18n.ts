/**
 * Texts of the owner's team card pages (/subCardList, /subCardRecord: locales/<lang>/teamCards.json),
 * registered when their code loads.
 */
import en from '@locales/en/teamCards.json';
import zh from '@locales/zh-CN/teamCards.json';
import { i18n } from '../../../lib/i18n';

export const TEAM_CARDS_NS = 'teamCards';

i18n.addResourceBundle('zh-CN', TEAM_CARDS_NS, zh, true, true);
i18n.addResourceBundle('en', TEAM_CARDS_NS, en, true, true);
