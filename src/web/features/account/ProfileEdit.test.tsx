// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../contract/account';
import { i18n } from '../../lib/i18n';
import { signIn } from '../../testing/fixtures';
import { formOf, renderWithClient, requestsTo, stubApi } from '../../testing/utils';
import { changesOf, ProfileEdit } from './ProfileEdit';

vi.mock('../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const USER: UserInfo = { userId: 'u1', email: 'ada@example.com', nickname: 'Ada', mobile: null } as UserInfo;

beforeEach(async () => {
  signIn();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function input(testId: string): HTMLInputElement {
  return screen.getByTestId(testId) as HTMLInputElement;
}

describe('changesOf', () => {
  it('names only the fields that differ from the profile', () => {
    expect(changesOf(USER, { nickname: 'Ada', mobile: '' })).toEqual({});
    expect(changesOf(USER, { nickname: ' Ada ', mobile: '+1 555 0100' })).toEqual({ mobile: '+1 555 0100' });
    expect(changesOf(USER, { nickname: '', mobile: '' })).toEqual({ nickname: '' });
  });
});

describe('ProfileEdit', () => {
  it('sends only what changed with the code, after asking for the code', async () => {
    const { requests } = stubApi(() => ({ code: 200, data: { expiresIn: 600, resendIn: 60 } }));
    renderWithClient(<ProfileEdit user={USER} />);
    expect(input('profile-nickname').value).toBe('Ada');
    expect((screen.getByTestId('profile-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input('profile-mobile'), { target: { value: '+86 138 0000 0000' } });
    fireEvent.click(screen.getByTestId('profile-send'));
    await waitFor(() => expect(requestsTo(requests, 'user/edit/getCode')).toHaveLength(1));
    fireEvent.change(input('profile-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(requestsTo(requests, 'user/editByCode')).toHaveLength(1));
    expect(formOf(requestsTo(requests, 'user/editByCode')[0])).toEqual({
      mobile: '+86 138 0000 0000',
      code: '123456',
    });
  });

  it('refuses an emptied nickname and a malformed mobile beside the fields, sending nothing', async () => {
    const { requests } = stubApi(() => ({ code: 200, data: null }));
    renderWithClient(<ProfileEdit user={USER} />);
    fireEvent.change(input('profile-nickname'), { target: { value: '' } });
    fireEvent.change(input('profile-mobile'), { target: { value: 'call me' } });
    fireEvent.change(input('profile-code'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('The nickname must be 1 to 32 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid mobile number')).toBeTruthy();
    expect(requestsTo(requests, 'user/editByCode')).toHaveLength(0);
  });
});
