// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleView } from '../../../contract/roles';
import type { SubAccountView } from '../../../contract/sub-accounts';
import { setWidth } from '../../testing/browser';
import { shellApi, signIn, signOut, storeSession } from '../../testing/fixtures';
import { formOf, renderApp, renderPage, stubApi, type Recorded } from '../../testing/utils';
import { SubAccountManagePage } from './SubAccountManagePage';

// jsdom has no IndexedDB; the shell keeps offline snapshots there.
vi.mock('idb-keyval', async () => (await import('../../testing/fixtures')).memoryIdb());
vi.mock('../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.setConfig({ testTimeout: 15_000 });

const NO_LIMIT = { limit: null, used: 0 };

function member(patch: Partial<SubAccountView> = {}): SubAccountView {
  return {
    id: 'm1',
    subUid: 'S000123',
    nickname: 'Mia',
    email: 'mia@example.com',
    wechat: null,
    mobile: null,
    status: 'online',
    validUntil: '2099-01-01T00:00:00+08:00',
    expired: false,
    expiryPolicy: 'keep',
    roleId: 'r1',
    roleName: 'Buyers',
    figures: { usdConsumption: 12_345, cnyRecharge: 50_000, usdRecharge: 20_000, tradeCount: 7 },
    limits: { cnyRecharge: NO_LIMIT, usdRecharge: { limit: 100_000, used: 20_000 }, usdSpend: NO_LIMIT },
    lastSignInAt: null,
    createdAt: '2026-01-01T00:00:00+08:00',
    ...patch,
  };
}

const ROLE: RoleView = {
  id: 'r1',
  name: 'Buyers',
  remark: null,
  permissions: ['card:list', 'card:recharge'],
  memberCount: 1,
  createdAt: '2026-01-01T00:00:00+08:00',
  updatedAt: '2026-01-01T00:00:00+08:00',
};

/** The team endpoints as a fake server answers them; undefined for any other path. */
function teamReply(path: string, members: SubAccountView[]): { code: number; data?: unknown } | undefined {
  switch (path) {
    case '/api/sub/list':
      return { code: 200, data: { data: members, total: members.length, pageNo: 1, pageSize: 10 } };
    case '/api/sub/role/enum':
      return { code: 200, data: [{ id: 'r1', name: 'Buyers' }] };
    case '/api/sub/role/list':
      return { code: 200, data: { data: [ROLE], total: 1, pageNo: 1, pageSize: 100 } };
    case '/api/sub/frozen':
      return { code: 200, data: member({ status: 'frozen' }) };
    case '/api/sub/role/add':
      return { code: 200, data: { ...ROLE, id: 'r2', name: 'Viewers', memberCount: 0 } };
    default:
      return undefined;
  }
}

function teamApi(members: SubAccountView[] = [member()]) {
  return stubApi((r: Recorded) => teamReply(r.path, members) ?? { code: 404 });
}

beforeEach(() => {
  signIn();
  setWidth(1280);
});
afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

describe('members', () => {
  it('offers the first invitation, then names the filters that found nothing', async () => {
    teamApi([]);
    await renderPage('/subAccountManage', SubAccountManagePage);
    const text = async () => (await screen.findByTestId('members-list-empty-text')).textContent;
    expect(await text()).toContain('No members yet');
    fireEvent.click(screen.getByTestId('members-list-empty-action'));
    expect(await screen.findByTestId('invite-sheet')).toBeTruthy();

    const filters = within(screen.getByTestId('members-filter'));
    const roles = filters.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    await waitFor(() => expect(roles.options).toHaveLength(2));
    fireEvent.change(screen.getByTestId('members-filter-keyword'), { target: { value: 'zed' } });
    fireEvent.change(roles, { target: { value: 'r1' } });
    fireEvent.change(filters.getByRole('combobox', { name: 'Validity' }), { target: { value: '1' } });
    fireEvent.submit(screen.getByTestId('members-filter'));
    await waitFor(async () =>
      expect(await text()).toBe(
        'No members with name, e-mail or number containing “zed”, role Buyers and validity expired',
      ),
    );
  });

  it('lists each member with status, role, validity and figures', async () => {
    teamApi([member(), member({ id: 'm2', email: 'old@example.com', nickname: 'Olaf', expired: true })]);
    await renderPage('/subAccountManage', SubAccountManagePage);
    const list = await screen.findByTestId('members-list');
    await within(list).findByText('mia@example.com');
    expect(within(list).getAllByText('$123.45').length).toBe(2);
    expect(within(list).getAllByText('¥500.00').length).toBe(2);
    expect(within(list).getAllByText('Buyers').length).toBe(2);
    const statuses = within(list)
      .getAllByTestId('member-status')
      .map((tag) => tag.dataset.status);
    expect(statuses).toEqual(['online', 'expired']);
  });

  it('freezes a member only after the confirmation', async () => {
    const api = teamApi();
    await renderPage('/subAccountManage', SubAccountManagePage);
    fireEvent.click(await screen.findByTestId('member-manage-mia@example.com'));
    fireEvent.click(await screen.findByTestId('member-action-freeze'));
    expect(api.requests.some((r) => r.path === '/api/sub/frozen')).toBe(false);
    fireEvent.click(await screen.findByTestId('member-freeze-confirm'));
    await waitFor(() =>
      expect(formOf(api.requests.find((r) => r.path === '/api/sub/frozen'))).toEqual({
        subAccountId: 'm1',
        frozen: '1',
      }),
    );
  });

  it('shows this month’s use beside each limit', async () => {
    teamApi();
    await renderPage('/subAccountManage', SubAccountManagePage);
    fireEvent.click(await screen.findByTestId('member-manage-mia@example.com'));
    fireEvent.click(await screen.findByTestId('member-action-limits'));
    const sheet = await screen.findByTestId('member-limits');
    expect(within(sheet).getByText('Used $200.00 of $1,000.00')).toBeTruthy();
    expect((within(sheet).getByTestId('limit-usdRecharge') as HTMLInputElement).value).toBe('1000.00');
  });
});

describe('roles', () => {
  it('creates a role from the tree; the preview shows the menu it grants before saving', async () => {
    // The whole app: the preview builds the menu from the pages the router really has.
    storeSession();
    const api = stubApi(shellApi({ override: (path) => teamReply(path, [member()]) }));
    renderApp('/subAccountManage?tab=roles');
    fireEvent.click(await screen.findByTestId('role-create', {}, { timeout: 8000 }));
    const editor = await screen.findByTestId('role-editor');
    fireEvent.change(within(editor).getByTestId('role-name'), { target: { value: 'Viewers' } });
    // A card action brings the card list with it.
    fireEvent.click(within(editor).getByTestId('perm-card:freeze'));
    expect((within(editor).getByTestId('perm-card:list') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(editor).getByRole('tab', { name: 'Preview as this role' }));
    const preview = await within(editor).findByTestId('role-preview');
    expect(within(preview).getByTestId('preview-route-cardList')).toBeTruthy();
    expect(within(preview).queryByTestId('preview-route-cardOpen')).toBeNull();
    expect(within(preview).getByTestId('preview-card:open').dataset.allowed).toBe('false');
    expect(within(preview).getByTestId('preview-card:freeze').dataset.allowed).toBe('true');
    fireEvent.click(within(editor).getByTestId('role-save-confirm'));
    await waitFor(() =>
      expect(formOf(api.requests.find((r) => r.path === '/api/sub/role/add'))).toMatchObject({
        name: 'Viewers',
        permissions: 'card:list,card:freeze',
      }),
    );
  });

  it('does not offer to delete a role members still hold', async () => {
    const api = teamApi();
    await renderPage('/subAccountManage?tab=roles', SubAccountManagePage);
    fireEvent.click(await screen.findByTestId('role-delete-Buyers'));
    const sheet = await screen.findByTestId('role-delete');
    expect(within(sheet).getByTestId('role-delete-text').textContent).toContain('1 member has this role');
    expect(within(sheet).queryByTestId('role-delete-confirm')).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/sub/role/delete')).toBe(false);
  });
});
