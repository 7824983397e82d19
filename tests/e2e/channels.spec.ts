/**
 * Issue 32 §3 end to end: in the personal centre the customer connects a DingTalk robot with its
 * signing secret (pointing to a local bot server that checks DingTalk's signature, let in by
 * CHANNEL_SERVICE_ORIGINS), sends a test message and sees it delivered in the log; the webhook's
 * token is never shown back. Phone and desktop, Chinese and English.
 */
import { BOT_SECRETS, startBotServers, type BotServers } from '../../src/server/testing/bot-servers';
import { expect, expectAccessible, signInWithStorage, test } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 8181);

const TEXTS = {
  en: { title: 'Messenger channels', delivered: 'Delivered', test: 'Test message' },
  cn: { title: '群机器人通知', delivered: '已送达', test: '测试消息' },
} as const;

let bots: BotServers;
test.beforeAll(async ({ browserName }, info) => {
  void browserName;
  // One bot server per project (phone, desktop): the two run side by side.
  bots = await startBotServers(BOT_SECRETS, PORT + (info.project.name === 'phone' ? 1000 : 1001));
});
test.afterAll(async () => {
  await bots.close();
});

for (const lang of ['cn', 'en'] as const) {
  test(`connects a DingTalk robot, sends a test message and sees it delivered (${lang})`, async ({
    page,
    account,
  }) => {
    // Axe and two sheets on a shared two-core machine: more than the default minute.
    test.setTimeout(150_000);
    await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
    await signInWithStorage(page, account, '/#/account/notifications');
    const section = page.getByTestId('channels');
    // The section is a lazy chunk: on a busy machine it may take a while to arrive.
    await expect(section.getByRole('heading', { name: TEXTS[lang].title })).toBeVisible({ timeout: 30_000 });
    await section.getByTestId('channel-add').click();
    const sheet = page.getByTestId('channel-sheet');
    await sheet.getByTestId('channel-kind').selectOption('dingtalk');
    await sheet.getByTestId('channel-name').fill(`Ops ${lang}`);
    const token = `e2e${Date.now()}abcd`;
    await sheet.getByTestId('channel-webhook').fill(`${bots.origin}/robot/send?access_token=${token}`);
    await sheet.getByTestId('channel-secret').fill(BOT_SECRETS.dingtalk);
    await sheet.getByTestId('channel-show-code').click();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`channel-sheet-${lang}.png`) });
    await sheet.getByTestId('channel-save').click();
    await expect(sheet).toHaveCount(0);

    const item = section.getByTestId('channel-item').filter({ hasText: `Ops ${lang}` });
    await expect(item.getByTestId('channel-hint')).toContainText(`…${token.slice(-4)}`);
    await expect(section).not.toContainText(token);
    await item.getByTestId('channel-test').click();
    const log = page.getByTestId('channel-log-sheet');
    const delivery = log.getByTestId('delivery').first();
    await expect(delivery).toHaveAttribute('data-status', 'sent');
    await expect(delivery).toContainText(TEXTS[lang].delivered);
    await expect(delivery).toContainText(TEXTS[lang].test);
    await page.screenshot({ path: test.info().outputPath(`channel-log-${lang}.png`) });
    const signed = bots.received.find((r) => r.query.access_token === token);
    expect(signed?.signed).toBe(true);
    expect(signed?.body.msgtype).toBe('markdown');
  });
}
