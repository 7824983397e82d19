/**
 * Issue 29 item 16, on the phone: the Excel import shows the exact cost of the file before anything
 * is charged, and opening charges the wallet exactly that total. Screenshots in both languages.
 */
import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { Tokens } from './fixtures';
import { apiSignIn, expect, signInWithStorage, test } from './fixtures';
import { fundCny } from './money-helpers';
import { useLanguage } from './pwa-helpers';

async function cnyBalance(request: APIRequestContext, tokens: Tokens): Promise<number> {
  const answer = (await (
    await request.get('/api/user/wallet', { headers: { authorization: `Bearer ${tokens.access_token}` } })
  ).json()) as { data: Record<string, number> };
  return answer.data.CNY ?? 0;
}

async function filled(path: string, rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0]!;
  rows.forEach((row, index) => {
    sheet.getRow(index + 2).values = row;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ROW = (label: string) => [
  'visa-428837',
  '15.00',
  'Ada',
  'Lovelace',
  '1 Market St',
  'San Francisco',
  'CA',
  '94105',
  'US',
  label,
];

for (const lang of ['en', 'cn'] as const) {
  test(`the import shows its exact cost, then charges exactly it (${lang})`, async ({
    page,
    account,
  }, info) => {
    test.slow();
    await useLanguage(page, lang);
    const tokens = await apiSignIn(page.request, account);
    await fundCny(page.request, tokens, 2_000);
    await signInWithStorage(page, account, '/#/cardOpen');
    await page.getByRole('tab', { name: lang === 'en' ? 'Excel import' : /Excel/ }).click();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('import-template').click();
    const templatePath = info.outputPath('template.xlsx');
    await (await downloading).saveAs(templatePath);
    await page.getByTestId('import-file').setInputFiles({
      name: 'cards.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await filled(templatePath, [ROW('a'), ROW('b')]),
    });
    await page.getByTestId('import-unit-CNY').check();
    const before = await cnyBalance(page.request, tokens);
    await page.getByTestId('import-check').click();
    const cost = page.getByTestId('import-cost');
    await expect(cost).toBeVisible();
    await expect(page.getByTestId('import-cost-part')).toHaveCount(1);
    const totalText = (await page.getByTestId('import-cost-total').textContent()) ?? '';
    const total = Math.round(Number(totalText.replace(/[^0-9.]/g, '')) * 100);
    expect(total).toBeGreaterThan(3_000 * 7); // two $15.00 loads and fees, in CNY
    await expect(page.getByTestId('import-upload')).toContainText(totalText);
    // Seeing the cost charged nothing.
    expect(await cnyBalance(page.request, tokens)).toBe(before);
    await cost.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`import-cost-${info.project.name}-${lang}.png`) });

    await page.getByTestId('import-upload').click();
    await expect(page.getByTestId('open-result')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('open-result-row')).toHaveCount(2);
    expect(await cnyBalance(page.request, tokens)).toBe(before - total);
  });
}
