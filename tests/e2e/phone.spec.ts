/**
 * Issue 34 (the phone, second round) on the phone viewport, in both languages: the card tab opens
 * the card list with opening one tap away, and `?card=` (the opening's success link) shows the new
 * card's own screen.
 */
import { apiSignIn, expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { CardListModel, shot, TabBarModel } from './phone-pages';
import { useLanguage, type Lang } from './pwa-helpers';

const OPEN_CARD: Record<Lang, string> = { en: 'Open a card', cn: '开卡' };

for (const lang of ['en', 'cn'] as const) {
  test(`[${lang}] the card tab opens the card list; opening a card is one tap away`, async ({
    page,
    account,
  }, info) => {
    await useLanguage(page, lang);
    await signInWithStorage(page, account, '/#/home');
    const list = new CardListModel(page);
    // The phone's tab bar; the side menu's card section on a wide screen.
    if (info.project.name === 'phone') await new TabBarModel(page).open('card');
    else await page.getByTestId('menu-cardList').click();
    await list.expectShown();
    await expect(list.openCard).toHaveText(OPEN_CARD[lang]);
    await shot(page, `card-list-${lang}`, info.project.name);
    await expectAccessible(page);
    await list.openCard.click();
    await expect(page).toHaveURL(/#\/cardOpen/);
  });

  test(`[${lang}] the opening's success link shows the new card's own screen`, async ({
    page,
    account,
  }, info) => {
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    await fundCny(page.request, tokens, 1_000);
    const older = await openCard(page.request, tokens, 10);
    const card = await openCard(page.request, tokens, 10);
    expect(card.id).not.toBe(older.id);
    await signInWithStorage(page, account, `/#/cardList?card=${card.id}`);
    const list = new CardListModel(page);
    if (info.project.name === 'phone') {
      await expect(list.screen).toBeVisible();
      await expect(list.screenShows(card.last4)).toBeVisible();
      await shot(page, `card-focus-${lang}`, info.project.name);
    } else {
      await expect(page.getByTestId('card-actions')).toBeVisible();
    }
    // The parameter is spent: a reload shows the list, not the card again.
    await expect(page).toHaveURL(/#\/cardList$/);
  });
}
