/** Texts of spending rules, templates and the preview, registered when the lazy sheet's code loads. */
import en from '@locales/en/spendingTemplates.json';
import zh from '@locales/zh-CN/spendingTemplates.json';
import { i18n } from '../../../lib/i18n';

export const SPENDING_NS = 'spendingTemplates';

i18n.addResourceBundle('zh-CN', SPENDING_NS, zh, true, true);
i18n.addResourceBundle('en', SPENDING_NS, en, true, true);
