/**
 * Issue 14 end to end, phone and desktop: the owner creates a role without card opening (checking
 * it with "preview as this role"), invites a member (the confirmation code read from the owner's
 * outbox, the set-password link from the member's); the member chooses a password, signs in and
 * sees the limited menu; card opening is hidden and refused by the API (4030); the owner grants
 * it and the member's next visit opens the page without signing in again; the owner freezes the
 * member, whose next request ends the session.
 */
import type { Account } from './fixtures';
import { expect, newEmail, outboxCode, PASSWORD, signInWithStorage, test } from './fixtures';
import { closeMenu, invitationLink, menuOf } from './team-helpers';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

test('owner invites a member with a limited role, grants more, then freezes them', async ({
  page,
  browser,
  account,
}, testInfo) => {
  test.slow();
  const owner: Account = account;
  const memberEmail = newEmail('member');
  const roleName = `Viewers ${testInfo.project.name}`;

  // --- The owner creates a role without card opening, previewing it first.
  await signInWithStorage(page, owner, '/#/subAccountManage?tab=roles');
  await expect(page.getByTestId('sub-account-manage-page')).toHaveAttribute('data-tab', 'roles');
  await page.getByTestId('role-create').click();
  const editor = page.getByTestId('role-editor');
  await editor.getByTestId('role-name').fill(roleName);
  await editor.getByTestId('perm-card:record').check();
  // A card action comes with the card list it is done from.
  await editor.getByTestId('perm-card:freeze').check();
  await expect(editor.getByTestId('perm-card:list')).toBeChecked();
  await expect(editor.getByTestId('perm-card:open')).not.toBeChecked();
  await editor.getByRole('tab', { name: /preview|预览/i }).click();
  const preview = editor.getByTestId('role-preview');
  await expect(preview.getByTestId('preview-route-cardList')).toBeVisible();
  await expect(preview.getByTestId('preview-route-cardRecord')).toBeVisible();
  await expect(preview.getByTestId('preview-route-cardOpen')).toHaveCount(0);
  await expect(preview.getByTestId('preview-card:open')).toHaveAttribute('data-allowed', 'false');
  await editor.getByTestId('role-save-confirm').click();
  await expect(page.getByTestId('roles-list')).toContainText(roleName);

  // --- The owner invites the member (code from the owner's own outbox).
  await page.getByRole('tab', { name: /members|成员/i }).click();
  await page.getByTestId('invite-open').click();
  const invite = page.getByTestId('invite-sheet');
  await invite.getByTestId('invite-email').fill(memberEmail);
  await invite.getByTestId('invite-nickname').fill('Mia');
  await invite.getByTestId('invite-role').selectOption({ label: roleName });
  const codeSince = Date.now();
  await invite.getByTestId('invite-send-code').click();
  await invite.getByTestId('invite-code').fill(await outboxCode(page.request, owner.email, codeSince));
  const inviteSince = Date.now();
  await invite.getByTestId('invite-confirm').click();
  await expect(invite).toBeHidden();
  const row = page.getByTestId('members-list').getByText(memberEmail);
  await expect(row).toBeVisible();

  // --- The member sets a password from the mailed link and signs in.
  const memberContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile: testInfo.project.name === 'phone',
    extraHTTPHeaders: { 'x-forwarded-for': `10.99.${testInfo.project.name === 'phone' ? 1 : 2}.7` },
  });
  const member = await memberContext.newPage();
  await member.goto(await invitationLink(page.request, memberEmail, inviteSince));
  await expect(member.getByTestId('invite-email')).toHaveText(memberEmail);
  await member.getByTestId('invite-password').fill(PASSWORD);
  await member.getByTestId('invite-confirm').fill(PASSWORD);
  await member.getByTestId('invite-submit').click();
  await expect(member.getByTestId('password-sign-in')).toBeVisible();
  await expect(member.getByTestId('signin-email')).toHaveValue(memberEmail);
  await member.getByTestId('signin-password').fill(PASSWORD);
  await member.getByTestId('signin-submit').click();
  await expect(member.getByTestId('sub-home-page')).toBeVisible();
  await expect(member.getByTestId('sub-access')).toContainText(roleName);

  // --- The limited menu: card list and records, no card opening, no owner pages.
  const menu = await menuOf(member);
  await expect(menu.getByTestId('menu-cardList')).toBeVisible();
  await expect(menu.getByTestId('menu-cardRecord')).toBeVisible();
  await expect(menu.getByTestId('menu-cardOpen')).toHaveCount(0);
  await expect(menu.getByTestId('menu-subAccount')).toHaveCount(0);
  await expect(menu.getByTestId('menu-home')).toHaveCount(0);
  await closeMenu(member);
  await expect(member.getByTestId('sub-open-card')).toHaveCount(0);

  // Card opening: the page is refused, and so is the API (whatever the screen shows).
  await member.goto('/#/cardOpen');
  await expect(member).toHaveURL(/#\/noPermission/);
  const memberToken = await member.evaluate(() => localStorage.getItem('access_token'));
  const refused = (await (
    await member.request.post('/api/card/openCardCost', {
      headers: { authorization: `Bearer ${memberToken}` },
      form: { segmentId: 'any', amount: '1000', count: '1' },
    })
  ).json()) as Envelope<unknown>;
  expect(refused.code).toBe(4030);

  // --- The owner grants card opening; the member's next visit opens it, same session.
  await page.getByRole('tab', { name: /roles|角色/i }).click();
  await page.getByTestId(`role-edit-${roleName}`).click();
  await page.getByTestId('role-editor').getByTestId('perm-card:open').check();
  await page.getByTestId('role-editor').getByTestId('role-save-confirm').click();
  await expect(page.getByTestId('role-editor')).toBeHidden();

  await member.goto('/#/cardOpen');
  await expect(member.getByTestId('card-open-page')).toBeVisible();
  expect(await member.evaluate(() => localStorage.getItem('access_token'))).toBe(memberToken);
  const menuAfter = await menuOf(member);
  await expect(menuAfter.getByTestId('menu-cardOpen')).toBeVisible();
  await closeMenu(member);

  // --- The owner freezes the member: the member's next request ends the session.
  await page.getByRole('tab', { name: /members|成员/i }).click();
  await page.getByTestId(`member-manage-${memberEmail}`).click();
  await page.getByTestId('member-action-freeze').click();
  await page.getByTestId('member-freeze-confirm').click();
  await expect(page.getByTestId('members-list').getByTestId('member-status').first()).toHaveAttribute(
    'data-status',
    'frozen',
  );

  await member.goto('/#/cardList');
  await expect(member.getByTestId('password-sign-in')).toBeVisible();
  expect(await member.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await memberContext.close();
});
