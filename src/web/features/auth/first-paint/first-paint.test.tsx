// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import enAuth from '@locales/en/auth.json';
import zhAuth from '@locales/zh-CN/auth.json';
import { setLang } from '../../../lib/i18n';
import { renderApp } from '../../../testing/utils';
import { keepLastTogether } from '../../../lib/typography';
import {
  BOOT_SCRIPT_MARKER,
  FIRST_PAINT_CLASS,
  FIRST_PAINT_LANGS,
  FIRST_PAINT_MARKER,
  firstPaintHtml,
  firstPaintMarkup,
  type FirstPaintLang,
} from './first-paint';

/** The static copy of one language, as a DOM element. */
function staticPage(lang: FirstPaintLang): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = firstPaintMarkup(lang);
  const page = template.content.firstElementChild;
  if (!(page instanceof HTMLElement)) throw new Error('no element');
  return page;
}

/** React's sign-in page as it renders in `lang`, without the test ids (the static copy has none). */
async function reactPage(lang: FirstPaintLang): Promise<HTMLElement> {
  await setLang(lang);
  renderApp('/');
  await screen.findByTestId('password-sign-in');
  const page = document.querySelector<HTMLElement>('.cp-auth');
  if (!page) throw new Error('no sign-in page');
  const copy = page.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[data-testid]').forEach((element) => element.removeAttribute('data-testid'));
  return copy;
}

const html = (root: Element, selector: string) => root.querySelector(selector)?.outerHTML;

afterEach(async () => {
  await setLang('en');
});

describe('the static first paint of the sign-in page', () => {
  it.each(FIRST_PAINT_LANGS)('is what React renders, in %s', async (lang) => {
    const still = staticPage(lang);
    const live = await reactPage(lang);

    expect(still.classList.contains('cp-auth')).toBe(true);
    expect(still.classList.contains(FIRST_PAINT_CLASS)).toBe(true);
    expect(still.dataset.lang).toBe(lang);
    // The brand band (logo, language toggle, tagline, card), heading, subtitle and the security
    // note are React's markup exactly.
    for (const selector of [
      'aside.cp-auth__brand',
      'h1.cp-auth__title',
      'p.cp-auth__subtitle',
      'p.cp-auth__secure',
    ]) {
      expect(html(still, selector), selector).toBeDefined();
      expect(html(still, selector), selector).toBe(html(live, selector));
    }
    // The footer reads the same; its link goes to sign-up through the hash route.
    const footer = still.querySelector('.cp-auth__footer');
    expect(footer?.textContent).toBe(live.querySelector('.cp-auth__footer')?.textContent);
    expect(footer?.querySelector('a')?.getAttribute('href')).toBe('/#/signup');
    expect(footer?.querySelector('a')?.className).toBe('cp-link');
    // The same boxes in the same order, with a block of the form's height for the form.
    const children = (root: Element, selector: string) =>
      [...(root.querySelector(selector)?.children ?? [])].map((child) => child.className);
    expect(children(still, 'main')).toEqual(children(live, 'main'));
    expect(children(still, 'section.cp-auth__panel')).toEqual([
      'cp-auth__title',
      'cp-auth__subtitle',
      `${FIRST_PAINT_CLASS}__form`,
    ]);
  });

  it('carries the texts of the locale files, escaped', () => {
    const zh = staticPage('cn');
    const en = staticPage('en');
    // The tagline's end is kept together (lib/typography.ts): no character alone on a line.
    expect(zh.querySelector('.cp-auth__tagline')?.textContent).toBe(keepLastTogether(zhAuth.brand.tagline));
    expect(en.querySelector('.cp-auth__tagline')?.textContent).toBe(keepLastTogether(enAuth.brand.tagline));
    expect(en.querySelector('h1')?.textContent).toBe(enAuth.signIn.title);
    expect(firstPaintMarkup('en')).not.toMatch(/<script/i);
  });

  it('holds one copy per language, without test ids (the live page owns them)', () => {
    const template = document.createElement('template');
    template.innerHTML = firstPaintHtml();
    const copies = [...template.content.children];
    expect(copies.map((copy) => (copy as HTMLElement).dataset.lang)).toEqual(['cn', 'en']);
    expect(template.content.querySelectorAll('[data-testid]')).toHaveLength(0);
    expect(template.content.querySelectorAll('input, form')).toHaveLength(0);
    // Two copies, so neither <main> (nor <h1>) may count as shown to a parser: both are hidden,
    // and the stylesheet displays the one boot.ts chose.
    expect(copies.every((copy) => copy.hasAttribute('hidden'))).toBe(true);
    // A validator counts a <main> as visible unless it carries `hidden` itself (issue 34 §8).
    const mains = [...template.content.querySelectorAll('main')];
    expect(mains).toHaveLength(2);
    expect(mains.every((main) => main.hasAttribute('hidden'))).toBe(true);
  });

  it('has both markers in index.html', async () => {
    const { readFile } = await import('node:fs/promises');
    const index = await readFile('index.html', 'utf8');
    expect(index).toContain(`<div id="root">${FIRST_PAINT_MARKER}</div>`);
    expect(index.indexOf(BOOT_SCRIPT_MARKER)).toBeLessThan(index.indexOf('</head>'));
  });
});
