/**
 * The sign-in page's first paint: the markup of AuthLayout as the sign-in page renders it (brand
 * band, heading, footer), written into index.html's #root at build time (vite.config.ts), once per
 * language. The browser paints it with the HTML and the CSS, long before the JS bundle has arrived
 * and run; React's first render then replaces #root's content with the real page.
 *
 * Only the form itself is not here (inputs typed into before React mounts would lose their text):
 * an empty block of the form's height (first-paint.css) stands in for it, so nothing moves when the
 * page takes over. first-paint.test.tsx checks this markup against what React renders, and
 * tests/e2e/first-paint.spec.ts that the boxes do not move.
 *
 * Which copy shows (if any) is chosen by boot.ts before the first paint. This module must stay free
 * of browser code: vite.config.ts imports it.
 */
import enAuth from '@locales/en/auth.json' with { type: 'json' };
import enCommon from '@locales/en/common.json' with { type: 'json' };
import zhAuth from '@locales/zh-CN/auth.json' with { type: 'json' };
import zhCommon from '@locales/zh-CN/common.json' with { type: 'json' };
import { keepLastTogether } from '../../../lib/typography';

/** The stored `lang` setting (lib/storage.ts); repeated because this module is used outside the app. */
export type FirstPaintLang = 'cn' | 'en';

export const FIRST_PAINT_LANGS: readonly FirstPaintLang[] = ['cn', 'en'];

/** Class of each copy; boot.ts shows the one of `data-lang` by `data-first-paint` on <html>. */
export const FIRST_PAINT_CLASS = 'cp-first-paint';

/** Where vite.config.ts writes the markup (inside #root) and the boot script's tag (in <head>). */
export const FIRST_PAINT_MARKER = '<!-- sign-in first paint -->';
export const BOOT_SCRIPT_MARKER = '<!-- sign-in first paint: boot script -->';

const TEXTS = {
  cn: { auth: zhAuth, common: zhCommon },
  en: { auth: enAuth, common: enCommon },
} as const;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

// The three drawings below are BrandMark, LanguageToggle's globe and AuthLayout's shield, as React
// writes them out (first-paint.test.tsx compares).
const BRAND_MARK =
  '<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" class="cp-brand-mark">' +
  '<rect x="1" y="1" width="30" height="30" rx="9" fill="#fff" fill-opacity="0.16"></rect>' +
  '<rect x="6" y="9" width="20" height="14" rx="3" fill="#fff"></rect>' +
  '<rect x="6" y="12" width="20" height="3" fill="#1a56db"></rect>' +
  '<rect x="9" y="18" width="6" height="2" rx="1" fill="#93b4f5"></rect></svg>';

const GLOBE =
  '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">' +
  '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.8"></circle>' +
  '<path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" ' +
  'fill="none" stroke="currentColor" stroke-width="1.8"></path></svg>';

const SHIELD =
  '<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">' +
  '<path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3z" fill="currentColor"></path></svg>';

/** One language's copy of the sign-in page's first paint. */
export function firstPaintMarkup(lang: FirstPaintLang): string {
  const { auth, common } = TEXTS[lang];
  const t = (text: string) => escapeHtml(text);
  // The toggle names the language it switches to, in that language (LanguageToggle).
  const toggleLang = lang === 'cn' ? 'en' : 'zh-CN';
  return (
    // `hidden` on both copies and on each copy's <main>: a validator counts every <main> without
    // the attribute of its own as visible, whatever its ancestors (issue 34 §8), and a document may
    // hold one. first-paint.css displays the copy boot.ts chose, and its <main> (an author rule
    // outweighs the attribute's default).
    `<div class="cp-auth ${FIRST_PAINT_CLASS}" data-lang="${lang}" hidden>` +
    '<aside class="cp-auth__brand"><div class="cp-auth__brand-row">' +
    `<div class="cp-auth__logo">${BRAND_MARK}<span>${t(auth.brand.name)}</span></div>` +
    `<button type="button" class="cp-lang-toggle cp-auth__lang" lang="${toggleLang}">` +
    `${GLOBE}<span>${t(common.ui.otherLanguage)}</span>` +
    `<span class="cp-visually-hidden">, ${t(common.ui.switchLanguage)}</span></button></div>` +
    `<p class="cp-auth__tagline">${t(keepLastTogether(auth.brand.tagline))}</p>` +
    '<div class="cp-auth__card-art" aria-hidden="true"><div class="cp-auth__card-chip"></div>' +
    '<div class="cp-auth__card-number">•••• •••• •••• 4242</div>' +
    '<div class="cp-auth__card-brand">VIRTUAL</div></div></aside>' +
    '<main class="cp-auth__main" hidden><section class="cp-auth__panel">' +
    `<h1 class="cp-auth__title">${t(auth.signIn.title)}</h1>` +
    `<p class="cp-auth__subtitle">${t(auth.signIn.subtitle)}</p>` +
    `<div class="${FIRST_PAINT_CLASS}__form"></div></section>` +
    `<div class="cp-auth__footer">${t(auth.signIn.noAccount)} ` +
    `<a class="cp-link" href="/#/signup">${t(auth.signIn.toSignUp)}</a></div>` +
    `<p class="cp-auth__secure">${SHIELD}${t(auth.brand.secure)}</p></main></div>`
  );
}

/** Both copies, for #root; at most one is ever displayed. */
export function firstPaintHtml(): string {
  return FIRST_PAINT_LANGS.map(firstPaintMarkup).join('');
}
