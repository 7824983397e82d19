/** The console's languages: zh (default) and en, its own namespace plus the shared common one. */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enConsole from '../../../locales/en/console.json';
import zhConsole from '../../../locales/zh-CN/console.json';

const LANG_KEY = 'console.lang';

export type ConsoleLang = 'cn' | 'en';

export function consoleLang(): ConsoleLang {
  return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'cn';
}

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { console: zhConsole }, en: { console: enConsole } },
  lng: consoleLang() === 'en' ? 'en' : 'zh-CN',
  fallbackLng: 'zh-CN',
  ns: ['console'],
  defaultNS: 'console',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
document.documentElement.lang = consoleLang() === 'en' ? 'en' : 'zh-CN';

export async function setConsoleLang(lang: ConsoleLang): Promise<void> {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  await i18n.changeLanguage(lang === 'en' ? 'en' : 'zh-CN');
}
