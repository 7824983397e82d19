/**
 * Home's first paint (issue 34 §9): what index.html's boot script paints of `/home` for a
 * returning main account before the app's scripts have arrived — the page's intro and the wallet
 * card with the saved balances and their age — from the offline snapshot (lib/snapshot.ts,
 * features/home/home-snapshot.ts). Written into index.html at build time (vite.config.ts) as one
 * inert `<template>` per language; the boot script (features/auth/first-paint/boot.ts) clones the
 * one of the stored language, fills its slots as text and lays it over the page until the app's
 * first page is on screen (lib/boot-answers.ts `dropHomePaint`).
 *
 * The page's parts carry the page's own classes (home.css, which the boot script links before it
 * paints: the build names the files on its tag, `data-home-css`), so they look the same; home-paint.test.tsx compares them with React's. A template's
 * content is no part of the document: a validator sees no second <main> or <h1> in it.
 * This module must stay free of browser code: vite.config.ts imports it.
 */
import enHome from '@locales/en/home.json' with { type: 'json' };
import enShell from '@locales/en/shell.json' with { type: 'json' };
import enWidgets from '@locales/en/widgets.json' with { type: 'json' };
import zhHome from '@locales/zh-CN/home.json' with { type: 'json' };
import zhShell from '@locales/zh-CN/shell.json' with { type: 'json' };
import zhWidgets from '@locales/zh-CN/widgets.json' with { type: 'json' };

export type HomePaintLang = 'cn' | 'en';

export const HOME_PAINT_LANGS: readonly HomePaintLang[] = ['cn', 'en'];

/** Where vite.config.ts writes the templates (after #root, in <body>). */
export const HOME_PAINT_MARKER = '<!-- home first paint -->';

/** The id of one language's template; boot.ts looks it up. */
export function homePaintId(lang: HomePaintLang): string {
  return `cp-home-paint-${lang}`;
}

const TEXTS = {
  cn: { home: zhHome, shell: zhShell, widgets: zhWidgets },
  en: { home: enHome, shell: enShell, widgets: enWidgets },
} as const;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The wallet's currencies, in BalanceCard's order (WALLET_CURRENCIES). */
export const HOME_PAINT_CURRENCIES = ['CNY', 'USD'] as const;

/** The view of one language, with the words the boot script puts the saved figures' age into. */
export function homePaintMarkup(lang: HomePaintLang): string {
  const { home, shell, widgets } = TEXTS[lang];
  const t = (text: string) => escapeHtml(text);
  const words = {
    saved: widgets.savedAge.saved,
    offline: home.snapshot.asOf,
    'just-now': widgets.savedAge.justNow,
    minutes: widgets.savedAge.minutes,
    today: widgets.savedAge.today,
    yesterday: widgets.savedAge.yesterday,
    date: widgets.savedAge.date,
  };
  const data = Object.entries(words)
    .map(([name, text]) => ` data-${name}="${t(text)}"`)
    .join('');
  const items = HOME_PAINT_CURRENCIES.map(
    (currency) =>
      '<div class="cp-balance__item">' +
      `<dt>${t(home.balance.account.replace('{{currency}}', currency))}</dt>` +
      `<dd><span class="cp-money" data-slot="${currency}" data-testid="home-paint-${currency}"></span></dd></div>`,
  ).join('');
  return (
    `<template id="${homePaintId(lang)}"${data}>` +
    `<div class="cp-home-paint" data-testid="home-paint" lang="${lang === 'en' ? 'en' : 'zh-CN'}">` +
    `<div class="cp-home-paint__bar"><span class="cp-home-paint__brand">${t(shell.brand)}</span></div>` +
    // The phone header's notice row, empty: the notices are no part of the snapshot, but the row's
    // place is kept so the wallet stands where the app's will (home-paint.css).
    '<div class="cp-home-paint__notices" aria-hidden="true"><div class="cp-home-paint__notice-slot"></div></div>' +
    '<div class="cp-home">' +
    '<div class="cp-home__intro">' +
    `<p class="cp-home__hello">${t(home.greeting)}</p>` +
    `<p class="cp-home__title">${t(home.title)}</p></div>` +
    '<div class="cp-home__grid"><div class="cp-home__main">' +
    '<section class="cp-balance">' +
    `<header class="cp-balance__header"><p class="cp-balance__title">${t(home.balance.title)}</p></header>` +
    '<p class="cp-balance__as-of cp-home-paint__as-of" data-slot="age" data-testid="home-paint-age"></p>' +
    `<dl class="cp-balance__list">${items}</dl>` +
    '</section></div></div></div></div></template>'
  );
}

/** Both languages' templates, for index.html. */
export function homePaintHtml(): string {
  return HOME_PAINT_LANGS.map(homePaintMarkup).join('');
}
