// @vitest-environment jsdom
/**
 * The open page follows the rights (issue 18 §1): a member on a page its role just lost is moved
 * home with a translated message, without a reload; rights that still allow the page, or the same
 * rights stored again, change nothing; when home is refused too the member lands on /noPermission.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subAccessGrant } from '../../contract/permissions';
import { createAppRouter } from '../router';
import { storeSession, TEST_USER } from '../testing/fixtures';
import { followAccess } from './access-follow';
import { i18n } from './i18n';
import * as notify from './notify';
import { endSession, saveUserInfo } from './session';

vi.mock('./offline', () => ({
  isOnline: () => true,
  useOnline: () => true,
  clearOfflineData: async () => undefined,
}));

let stop = (): void => undefined;

async function memberOn(path: string) {
  storeSession(TEST_USER, { subAccount: true });
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  expect(router.state.location.pathname).toBe(path);
  stop = followAccess(router);
  return router;
}

beforeEach(async () => {
  vi.spyOn(notify, 'toastError').mockImplementation(() => undefined);
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  stop();
  vi.restoreAllMocks();
  await endSession();
});

describe('followAccess', () => {
  it('moves a member off a page its role lost, home, saying why', async () => {
    const router = await memberOn('/cardOpen');
    saveUserInfo({ ...TEST_USER, ...subAccessGrant(['card:list']) });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subHome'));
    expect(notify.toastError).toHaveBeenCalledWith(
      'Your permissions changed: you can no longer open that page',
    );
    expect(notify.toastError).toHaveBeenCalledTimes(1);
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    const router = await memberOn('/cardOpen');
    saveUserInfo({ ...TEST_USER, ...subAccessGrant(['card:list']) });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/subHome'));
    expect(notify.toastError).toHaveBeenCalledWith('您的权限已变更，已无法访问该页面');
  });

  it('leaves a page the new rights still allow, and says nothing for the same rights again', async () => {
    const router = await memberOn('/cardList');
    const narrowed = { ...TEST_USER, ...subAccessGrant(['card:list']) };
    saveUserInfo(narrowed);
    saveUserInfo(narrowed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/cardList');
    expect(notify.toastError).not.toHaveBeenCalled();
  });

  it('sends the member to /noPermission when home is refused too', async () => {
    const router = await memberOn('/cardOpen');
    saveUserInfo({ ...TEST_USER, Auths: [], AuthsMenu: [], subAccount: 1, subPermission: [] });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/noPermission'));
  });
});
