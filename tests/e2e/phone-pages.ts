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
