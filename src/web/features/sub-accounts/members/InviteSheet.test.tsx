// @vitest-environment jsdom
/**
 * Inviting without a role designed first (issue 34 §5): the sheet offers the role templates, makes
 * the chosen one into a role just before the invitation and invites with it; or makes a custom role
 * in the editor opened over the sheet and chooses it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleView } from '../../../../contract/roles';
import { setWidth } from '../../../testing/browser';
import { signIn, signOut } from '../../../testing/fixtures';
import { formOf, renderPage, stubApi, type Recorded } from '../../../testing/utils';
import { SubAccountManagePage } from '../SubAccountManagePage';

vi.mock('idb-keyval', async () => (await import('../../../testing/fixtures')).memoryIdb());
vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.setConfig({ testTimeout: 15_000 });

function role(id: string, name: string, permissions: string[]): RoleView {
  const at = '2026-01-01T00:00:00+08:00';
  return { id, name, remark: null, permissions, memberCount: 0, createdAt: at, updatedAt: at };
}

/** A new account's team endpoints: no roles until one is made. */
function newAccountApi() {
  const roles: RoleView[] = [];
  return stubApi((r: Recorded) => {
    const form = formOf(r);
    switch (r.path) {
      case '/api/sub/list':
        return { code: 200, data: { data: [], total: 0, pageNo: 1, pageSize: 10 } };
      case '/api/sub/role/enum':
        return { code: 200, data: roles.map(({ id, name }) => ({ id, name })) };
      case '/api/sub/role/list':
        return { code: 200, data: { data: roles, total: roles.length, pageNo: 1, pageSize: 100 } };
      case '/api/sub/role/addFromTemplate': {
        const made = role('r7', 'Card operator', ['card:open', 'card:list']);
        roles.push(made);
        return { code: 200, data: made };
      }
      case '/api/sub/role/add': {
        const made = role('r8', form.name ?? '', (form.permissions ?? '').split(','));
        roles.push(made);
        return { code: 200, data: made };
      }
      case '/api/sub/add':
        return { code: 200, data: { email: form.email } };
      default:
        return { code: 404 };
    }
  });
}

async function openInvite() {
  await renderPage('/subAccountManage', SubAccountManagePage);
  fireEvent.click(await screen.findByTestId('members-list-empty-action'));
  const sheet = await screen.findByTestId('invite-sheet');
  fireEvent.change(within(sheet).getByTestId('invite-email'), { target: { value: 'mia@example.com' } });
  fireEvent.change(within(sheet).getByTestId('invite-nickname'), { target: { value: 'Mia' } });
  fireEvent.change(within(sheet).getByTestId('invite-code'), { target: { value: '123456' } });
  return sheet;
}

beforeEach(() => {
  signIn();
  setWidth(390);
});
afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

describe('inviting before any role exists', () => {
  it('offers the templates, makes the chosen one a role and invites with it', async () => {
    const api = newAccountApi();
    const sheet = await openInvite();
    const picker = within(sheet).getByTestId('invite-role') as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(3));
    expect([...picker.options].map((o) => o.text)).toEqual([
      'Card operator (template)',
      'Finance viewer (template)',
      'Full access (template)',
    ]);
    // What the chosen template allows, before anything is made.
    fireEvent.change(picker, { target: { value: 'template:financeViewer' } });
    expect(within(sheet).getByTestId('invite-role-about').textContent).toContain('Reads the wallet');
    expect(api.requests.some((r) => r.path === '/api/sub/role/addFromTemplate')).toBe(false);
    fireEvent.change(picker, { target: { value: 'template:cardOperator' } });

    fireEvent.click(within(sheet).getByTestId('invite-confirm'));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/sub/add')).toBe(true));
    const paths = api.requests.map((r) => r.path);
    expect(paths.indexOf('/api/sub/role/addFromTemplate')).toBeLessThan(paths.indexOf('/api/sub/add'));
    expect(formOf(api.requests.find((r) => r.path === '/api/sub/role/addFromTemplate'))).toEqual({
      template: 'cardOperator',
    });
    expect(formOf(api.requests.find((r) => r.path === '/api/sub/add'))).toMatchObject({
      email: 'mia@example.com',
      roleId: 'r7',
    });
  });

  it('makes a custom role over the sheet and chooses it', async () => {
    const api = newAccountApi();
    const sheet = await openInvite();
    fireEvent.click(within(sheet).getByTestId('invite-new-role'));
    const editor = await screen.findByTestId('role-editor');
    fireEvent.change(within(editor).getByTestId('role-name'), { target: { value: 'Buyers' } });
    fireEvent.click(within(editor).getByTestId('perm-card:open'));
    fireEvent.click(within(editor).getByTestId('role-save-confirm'));
    await waitFor(() => expect(screen.queryByTestId('role-editor')).toBeNull());
    // The invitation is still there, with what was typed, and the new role chosen.
    expect((within(sheet).getByTestId('invite-email') as HTMLInputElement).value).toBe('mia@example.com');
    const picker = within(sheet).getByTestId('invite-role') as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe('r8'));

    fireEvent.click(within(sheet).getByTestId('invite-confirm'));
    await waitFor(() =>
      expect(formOf(api.requests.find((r) => r.path === '/api/sub/add'))).toMatchObject({ roleId: 'r8' }),
    );
    expect(api.requests.some((r) => r.path === '/api/sub/role/addFromTemplate')).toBe(false);
  });
});
