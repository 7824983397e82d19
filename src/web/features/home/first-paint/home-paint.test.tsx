// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import enHome from '@locales/en/home.json';
import zhHome from '@locales/zh-CN/home.json';
import { i18n, setLang } from '../../../lib/i18n';
import { BalanceCard } from '../components/BalanceCard';
import { HOME_PAINT_LANGS, homePaintHtml, homePaintMarkup, type HomePaintLang } from './home-paint';

/** One language's painted view, as the boot script clones it. */
function painted(lang: HomePaintLang): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = homePaintMarkup(lang);
  const template = holder.querySelector('template');
  if (!template) throw new Error('no template');
  const view = template.content.firstElementChild;
  if (!(view instanceof HTMLElement)) throw new Error('no view');
  return view;
}

/** The class names of an element's subtree, in document order. */
const classes = (root: Element, selector: string) =>
  [...root.querySelectorAll(selector)].map((element) => element.className);

afterEach(async () => {
  await setLang('en');
});

describe("home's first paint", () => {
  it.each(HOME_PAINT_LANGS)('is the wallet card React renders, in %s', async (lang) => {
    await setLang(lang);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <BalanceCard
          wallet={{ CNY: 123456, USD: 0 }}
          asOf={null}
          online
          walletLoading={false}
          walletFailed={false}
          refresh={async () => undefined}
        />
      </I18nextProvider>,
    );
    const live = container.querySelector('.cp-balance');
    const still = painted(lang).querySelector('.cp-balance');
    if (!live || !still) throw new Error('no wallet card');
    // The same boxes: the list of accounts with their labels, under the card's title.
    expect(classes(still, '.cp-balance__list, .cp-balance__item')).toEqual(
      classes(live, '.cp-balance__list, .cp-balance__item'),
    );
    expect([...still.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(
      [...live.querySelectorAll('dt')].map((dt) => dt.textContent),
    );
    expect(still.querySelector('.cp-balance__title')?.textContent).toBe(
      live.querySelector('.cp-balance__title')?.textContent,
    );
  });

  it('carries the page texts of each language and the slots the boot script fills', () => {
    const zh = painted('cn');
    const en = painted('en');
    expect(zh.querySelector('.cp-home__title')?.textContent).toBe(zhHome.title);
    expect(en.querySelector('.cp-home__title')?.textContent).toBe(enHome.title);
    expect(en.getAttribute('lang')).toBe('en');
    expect(zh.getAttribute('lang')).toBe('zh-CN');
    for (const view of [zh, en])
      expect([...view.querySelectorAll('[data-slot]')].map((slot) => slot.getAttribute('data-slot'))).toEqual(
        ['age', 'CNY', 'USD'],
      );
  });

  it('is inert in the document: templates only, no script, no <main> or <h1> a validator would count', () => {
    const html = homePaintHtml();
    expect(html).not.toMatch(/<script/i);
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect([...holder.children].map((child) => child.tagName)).toEqual(['TEMPLATE', 'TEMPLATE']);
    expect(holder.querySelectorAll('main, h1')).toHaveLength(0);
  });
});
