/**
 * Issue 34 (the phone, second round) on the phone viewport, in both languages: the card tab opens
 * the card list with opening one tap away, and `?card=` (the opening's success link) shows the new
 * card's own screen; the records are one compact line each (a height budget) with amounts in each
 * currency's minor units, the numbers in the detail sheet.
 */
import { apiSignIn, expect, expectAccessible, signInWithStorage, test } from './fixtures';
import { fundCny, openCard } from './money-helpers';
import { CardListModel, RecordsModel, shot, TabBarModel } from './phone-pages';
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

/** A record line fits in this (issue 34 §3: it was about 250 px, 2.5 records a screen). */
const LINE_BUDGET_PX = 80;

for (const lang of ['en', 'cn'] as const) {
  test(`[${lang}] records are one line each, in each currency's minor units, numbers in the sheet`, async ({
    page,
    account,
  }, info) => {
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    await fundCny(page.request, tokens, 1_000);
    const card = await openCard(page.request, tokens, 20, { label: 'Meta ads' });
    const purchase = async (form: Record<string, string>) =>
      expect((await page.request.post(`/sandbox/api/cards/${card.id}/authorize`, { form })).ok()).toBe(true);
    await purchase({ amount: '1230', merchant: 'Facebook Ads', category: '7311' });
    // 5,000 yen is 5000 minor units (ISO 4217: the yen has none); a USD card declines it.
    await purchase({ amount: '5000', currency: 'JPY', merchant: 'Rakuten', category: '5311', country: 'JP' });
    await purchase({
      amount: '50000',
      currency: 'KRW',
      merchant: 'Coupang',
      category: '5311',
      country: 'KR',
    });
    await signInWithStorage(page, account, '/#/cardRecord');
    const records = new RecordsModel(page);
    await expect(records.lines).toHaveCount(3);
    await expect(records.line('Rakuten').getByTestId('trade-amount')).toHaveText('-JPY 5,000');
    await expect(records.line('Coupang').getByTestId('trade-amount')).toHaveText('-KRW 50,000');
    await expect(records.line('Facebook Ads').getByTestId('trade-amount')).toHaveText('-$12.30');
    if (info.project.name === 'phone') {
      for (const height of await records.heights()) expect(height).toBeLessThanOrEqual(LINE_BUDGET_PX);
      const line = records.line('Facebook Ads');
      await expect(line.getByTestId('trade-card')).toHaveText(
        lang === 'en' ? `Meta ads · ending ${card.last4}` : `Meta ads · 尾号 ${card.last4}`,
      );
      // The serial only in the detail sheet.
      await expect(line).not.toContainText(card.serial);
    }
    await shot(page, `records-${lang}`, info.project.name);
    await expectAccessible(page);
    await records.open('Facebook Ads');
    await expect(records.detail).toContainText(card.serial);
    await shot(page, `record-detail-${lang}`, info.project.name);
  });
}
