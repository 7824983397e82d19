/**
 * Page models of the phone's second round (issue 34): the shell's tab bar, the card list and its
 * card screen, the records — what a test taps and reads, named as a customer would say it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The phone's bottom tab bar. */
export class TabBarModel {
  constructor(private readonly page: Page) {}

  tab(name: 'home' | 'finance' | 'card' | 'personal'): Locator {
    return this.page.getByTestId('tab-bar').getByTestId(`tab-${name}`);
  }

  async open(name: 'home' | 'finance' | 'card' | 'personal'): Promise<void> {
    await this.tab(name).click();
  }
}

/** /cardList: the cards, "Open a card", the phone's card screen. */
export class CardListModel {
  readonly root: Locator;
  readonly openCard: Locator;
  readonly screen: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId('card-list-page');
    this.openCard = page.getByTestId('card-list-open');
    this.screen = page.getByTestId('card-screen');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/#\/cardList/);
    await expect(this.root).toBeVisible();
  }

  /** The last four digits shown on the card screen's picture. */
  screenShows(last4: string): Locator {
    return this.screen.getByText(last4, { exact: false }).first();
  }
}

/** A screenshot to look at (.tmp/phone-shots/<name>-<project>.png), as a customer sees it. */
export async function shot(page: Page, name: string, project: string): Promise<void> {
  await page.screenshot({ path: `.tmp/phone-shots/${name}-${project}.png`, fullPage: false });
}

/** /cardRecord: one line per record, its detail sheet. */
export class RecordsModel {
  readonly lines: Locator;
  readonly detail: Locator;

  constructor(private readonly page: Page) {
    // A phone's lines, a wide screen's table rows.
    this.lines = page
      .getByTestId('records-list')
      .locator('[data-testid="data-card"], [data-testid="data-row"]');
    this.detail = page.getByTestId('trade-detail');
  }

  line(merchant: string): Locator {
    return this.lines.filter({ hasText: merchant });
  }

  async open(merchant: string): Promise<void> {
    const line = this.line(merchant);
    await line.getByTestId('trade-open').click();
    await expect(this.detail).toBeVisible();
  }

  /** The heights of the record lines as drawn, in CSS pixels. */
  async heights(): Promise<number[]> {
    return this.lines.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
  }
}
