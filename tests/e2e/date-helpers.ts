/**
 * Filling a DateField (components/ui/DateField.tsx) the way its user would. On a touch screen the
 * box opens the app's picker and no keyboard comes up, so the test taps the box, taps the year,
 * the month and the day in the picker's wheels and confirms; with a keyboard it types the date.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The picker's first year (DateField's default lower bound). */
const FIRST_YEAR = 2000;

export async function fillDate(page: Page, testId: string, date: string): Promise<void> {
  const box = page.getByTestId(testId);
  const touch = await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches);
  if (!touch) {
    await box.fill(date);
    return;
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  await box.tap();
  const picker = page.locator('.adm-picker');
  await expect(picker).toBeVisible();
  const column = (index: number) => picker.locator('.adm-picker-view-column').nth(index);
  const item = (index: number, position: number) =>
    column(index).locator('.adm-picker-view-column-item').nth(position);
  // Year, month, day in turn: a column's days follow the chosen month. The item's own click
  // handler selects it, as a tap on it does; it is dispatched because an item far from the
  // selected one sits outside the wheel's window, where a finger would first swipe. A wheel shows
  // the tap at once but hands it to the picker a moment later, and takes it back if the picker
  // has not taken it within a second (antd-mobile's PickerView): each step waits until the
  // picker's own day, shown in its header, has it — tapping again if the wheel took it back — and
  // Confirm is pressed only then, so it keeps this day and not the one before.
  const picked = page.getByTestId(`${testId}-picked`);
  const pad = (n: number) => String(n).padStart(2, '0');
  for (const [index, position, held] of [
    [0, year - FIRST_YEAR, `${year}-`],
    [1, month - 1, `${year}-${pad(month)}-`],
    [2, day - 1, date],
  ] as const) {
    await expect(async () => {
      await item(index, position).dispatchEvent('click');
      await expect(item(index, position)).toHaveAttribute('data-selected', 'true', { timeout: 2_000 });
      await expect(picked).toHaveText(new RegExp(`^${held}`), { timeout: 2_000 });
    }).toPass({ timeout: 10_000 });
  }
  await picker.locator('.adm-picker-header-button').last().click();
  await expect(picker).toBeHidden();
  await expect(box).toHaveValue(date);
}
