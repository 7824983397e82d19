/**
 * Issue 34 §5, phone and desktop, both languages: a new account with no roles invites its first
 * member with a role template picked in the invite sheet; the member's row and the member's own
 * invitation page show that role. The menu item, the header and the heading name the page alike.
 */
import { expect, newEmail, outboxCode, signInWithStorage, test } from './fixtures';
import { useLanguage } from './pwa-helpers';
import { closeMenu, invitationLink, menuOf } from './team-helpers';

const WORDS = {
  'zh-CN': {
    page: '子账户管理',
    template: '财务查看员（模板）',
    role: '财务查看员',
    about: '可查看钱包余额',
  },
  en: {
    page: 'Manage sub-accounts',
    template: 'Finance viewer (template)',
    role: 'Finance viewer',
    about: 'Reads the wallet',
  },
} as const;

for (const lang of ['zh-CN', 'en'] as const) {
  test(`a new account invites its first member with a template role (${lang})`, async ({
    page,
    browser,
    account,
  }, info) => {
    test.slow(); // two browsers, a mailed code and a mailed link
    const words = WORDS[lang];
    const shot = (name: string) => `.tmp/shots/team-${name}-${info.project.name}-${lang}.png`;
    await useLanguage(page, lang === 'en' ? 'en' : 'cn');
    await signInWithStorage(page, account, '/#/subAccountManage');

    // One name: heading, header and menu item.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.page);
    await expect(page.getByTestId('header-title')).toHaveText(words.page);
    const menu = await menuOf(page);
    await expect(menu.getByTestId('menu-subAccountManage')).toContainText(words.page);
    await closeMenu(page);

    // No role yet: the invite sheet offers the templates instead of a dead end.
    await page.getByTestId('invite-open').click();
    const invite = page.getByTestId('invite-sheet');
    const memberEmail = newEmail('first-member');
    await invite.getByTestId('invite-email').fill(memberEmail);
    await invite.getByTestId('invite-nickname').fill('Mia');
    await invite.getByTestId('invite-role').selectOption({ label: words.template });
    await expect(invite.getByTestId('invite-role-about')).toContainText(words.about);
    await invite.getByTestId('invite-role-about').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('invite') });
    const codeSince = Date.now();
    await invite.getByTestId('invite-send-code').click();
    await invite.getByTestId('invite-code').fill(await outboxCode(page.request, account.email, codeSince));
    const inviteSince = Date.now();
    await invite.getByTestId('invite-confirm').click();
    await expect(invite).toBeHidden();

    // The member's row carries the role made from the template, and the roles tab lists it.
    const members = page.getByTestId('members-list');
    await expect(members.getByText(memberEmail)).toBeVisible();
    await expect(members).toContainText(words.role);
    await page.getByRole('tab', { name: lang === 'en' ? 'Roles' : '角色' }).click();
    await expect(page.getByTestId('roles-list')).toContainText(words.role);

    // The member's invitation names the role.
    const memberContext = await browser.newContext({
      viewport: page.viewportSize() ?? undefined,
      isMobile: info.project.name === 'phone',
    });
    const member = await memberContext.newPage();
    await useLanguage(member, lang === 'en' ? 'en' : 'cn');
    await member.goto(await invitationLink(page.request, memberEmail, inviteSince));
    await expect(member.getByTestId('invite-email')).toHaveText(memberEmail);
    await expect(member.getByTestId('invite-role')).toHaveText(words.role);
    await member.screenshot({ path: shot('invitation') });
    await memberContext.close();
  });
}
