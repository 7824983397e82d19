/**
 * i18next set-up. The stored setting is `lang` = 'cn' | 'en' (spec §1); i18next uses the BCP 47
 * names zh-CN / en, which are also what the API gets in Accept-Language.
 *
 * The texts every page starts with (NAMESPACES) are one small chunk per language
 * (start-texts/<lang>.ts): main.tsx waits for the stored language's before the first render (the
 * boot script preloads it beside the entry, so no extra round trip), and the other language's
 * loads only when it is switched to — or when the toggle is about to be used
 * (`prepareLang`). Half of these texts were dead weight on every start (docs/decisions.md
 * "Page budgets"). Feature namespaces register themselves when their code loads.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
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
  // Filled by loadLang; feature namespaces add theirs (addResourceBundle).
  resources: {},
  lng: localeOf(storedLang()),
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en'],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  // No backend: init synchronously; the start texts are in before the first render (loadLang).
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already.
  react: { useSuspense: false },
  returnNull: false,
});

syncDocumentLang(storedLang());

export function currentLang(): Lang {
  return langOf(i18n.language ?? localeOf(DEFAULT_LANG));
}

type StartTexts = Record<(typeof NAMESPACES)[number], object>;

const START_TEXTS: Record<Lang, () => Promise<{ START_TEXTS: StartTexts }>> = {
  cn: () => import('./start-texts/cn'),
  en: () => import('./start-texts/en'),
};

const loads = new Map<Lang, Promise<void>>();

/**
 * Loads a language's start texts into i18next, once. A failed load (offline, without the service
 * worker's copy) is forgotten, so the next call tries again.
 */
export function loadLang(lang: Lang): Promise<void> {
  let load = loads.get(lang);
  if (!load) {
    load = START_TEXTS[lang]().then(({ START_TEXTS: texts }) => {
      for (const ns of NAMESPACES) i18n.addResourceBundle(localeOf(lang), ns, texts[ns], true, true);
    });
    load.catch(() => loads.delete(lang));
    loads.set(lang, load);
  }
  return load;
}

/** Starts loading a language the user is about to switch to (the toggle's hover, focus, press). */
export function prepareLang(lang: Lang): void {
  loadLang(lang).catch(() => undefined);
}

/**
 * Switches the UI language and remembers it as the `lang` setting, once its texts are in (the
 * screen never shows keys); if they cannot be loaded, nothing changes and the promise rejects.
 */
export async function setLang(lang: Lang): Promise<void> {
  await loadLang(lang);
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
