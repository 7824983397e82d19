/**
 * Texts of the finance pages built here — the USD transfer forecast, financeAudit and
 * financeRecord (locales/<lang>/finance.json) — registered when a page's code loads, so the
 * sign-in page's bundle does not carry them.
 */
import en from '@locales/en/finance.json';
import zh from '@locales/zh-CN/finance.json';
import { i18n } from '../../../lib/i18n';

export const FINANCE_NS = 'finance';

i18n.addResourceBundle('zh-CN', FINANCE_NS, zh, true, true);
i18n.addResourceBundle('en', FINANCE_NS, en, true, true);
