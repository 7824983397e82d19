/** Helpers of the sub-account specs: the invitation mailed to a member, and the menu on both widths. */
import type { APIRequestContext, Page } from '@playwright/test';

/** The set-password link mailed to an invited member (the newest mail after `since`). */
export async function invitationLink(
  request: APIRequestContext,
  email: string,
  since: number,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = (await (await request.get(`/sandbox/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      text: string;
      createdAt: string;
    }[];
    const fresh = mails.find((m) => Date.parse(m.createdAt) >= since - 1000);
    const token = fresh?.text.match(/subInvite\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return `/#/subInvite?token=${token}`;
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The side menu on a wide screen, the drawer's on a phone (opened first). */
export async function menuOf(page: Page) {
  const side = page.getByTestId('side-menu');
  if (await side.isVisible()) return side;
  await page.getByTestId('tab-menu').click();
  return page.getByTestId('drawer-menu');
}

export async function closeMenu(page: Page) {
  if (await page.getByTestId('drawer').isVisible()) await page.getByTestId('drawer-close').click();
}
