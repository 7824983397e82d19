/**
 * i18next set-up. Resources are bundled (they are small, and a sign-in page must not wait for a
 * second request to show its labels). The stored setting is `lang` = 'cn' | 'en' (spec §1);
 * i18next uses the BCP 47 names zh-CN / en, which are also what the API gets in Accept-Language.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '../../../locales/en/account.json';
import enAuth from '../../../locales/en/auth.json';
import enCommon from '../../../locales/en/common.json';
import zhAccount from '../../../locales/zh-CN/account.json';
import zhAuth from '../../../locales/zh-CN/auth.json';
import zhCommon from '../../../locales/zh-CN/common.json';
import { getItem, setItem, type Lang } from './storage';

export const DEFAULT_LANG: Lang = 'cn';
export const NAMESPACES = ['common', 'auth', 'account'] as const;

const LOCALE_OF: Record<Lang, string> = { cn: 'zh-CN', en: 'en' };

export function localeOf(lang: Lang): string {
  return LOCALE_OF[lang];
}

export function langOf(locale: string): Lang {
  return locale.toLowerCase().startsWith('en') ? 'en' : 'cn';
}

export function storedLang(): Lang {
  const lang = getItem('lang');
  return lang === 'en' || lang === 'cn' ? lang : DEFAULT_LANG;
}

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { common: zhCommon, auth: zhAuth, account: zhAccount },
    en: { common: enCommon, auth: enAuth, account: enAccount },
  },
  lng: localeOf(storedLang()),
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en'],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  // Resources are in memory, so init synchronously: the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already.
  react: { useSuspense: false },
  returnNull: false,
});

syncDocumentLang(storedLang());

export function currentLang(): Lang {
  return langOf(i18n.language ?? localeOf(DEFAULT_LANG));
}

/** Switches the UI language and remembers it as the `lang` setting. */
export async function setLang(lang: Lang): Promise<void> {
  setItem('lang', lang);
  syncDocumentLang(lang);
  await i18n.changeLanguage(localeOf(lang));
}

function syncDocumentLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = localeOf(lang);
}

/** Plain-string translator for code outside React (http.ts, zod messages). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
