// @vitest-environment jsdom
/**
 * /account/details and /account/password in sub-account mode: the member renames itself, and changes its password after the
 * step-up sheet (its current password), never without it.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@contract/account';
import { typeInto } from '../../../testing/browser';
import { saveUserInfo } from '../../../lib/session';
import { FULL_MEMBER_GRANT, signOut, storeSession, TEST_USER } from '../../../testing/fixtures';
import { formOf, renderWithClient, requestsTo, stubApi } from '../../../testing/utils';
import { SubSectionContent } from './SubProfileSection';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const MEMBER: UserInfo = {
  ...TEST_USER,
  userId: 'S000000001',
  email: 'ann@example.com',
  nickname: 'Ann',
  sub: {
    subUid: 'S000000001',
    roleName: 'Cards',
    validUntil: '2099-01-01T00:00:00Z',
    expired: false,
    expiryPolicy: 'keep',
    limits: {
      cnyRecharge: { limit: null, used: 0 },
      usdRecharge: { limit: null, used: 0 },
      usdSpend: { limit: null, used: 0 },
    },
  },
};

function serve() {
  return stubApi((request) => {
    switch (request.path) {
      case '/api/sub/self/profile':
        return { code: 200, data: { nickname: formOf(request).nickname } };
      case '/api/user/info':
        return { code: 200, data: { ...MEMBER, nickname: 'Ann B.' } };
      case '/api/user/stepUp':
        return {
          code: 200,
          data: { ticket: 'member-ticket-xxxxxxxxxxxxxxxx', expiresAt: '2099-01-01T00:00:00Z' },
        };
      case '/api/sub/self/password':
        return { code: 200, data: null };
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

beforeEach(() => {
  storeSession(MEMBER, { subAccount: true });
  // The page reads the user atom, filled from storage at start-up: fill it as sign-in does.
  saveUserInfo({ ...MEMBER, ...FULL_MEMBER_GRANT });
});
afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

describe('SubProfilePage validity', () => {
  it('shows a validity chosen through 2027-12-31 as 2027-12-31, not the day it ends on (issue 29 §5)', () => {
    serve();
    // What the server stores for the day 2027-12-31: its end, 2028-01-01 00:00 UTC+8.
    const through = { ...MEMBER, sub: { ...MEMBER.sub!, validUntil: '2027-12-31T16:00:00.000Z' } };
    saveUserInfo({ ...through, ...FULL_MEMBER_GRANT });
    renderWithClient(<SubSectionContent name="details" />);
    const shown = screen.getByTestId('profile-validUntil').textContent ?? '';
    expect(shown).toContain('2027-12-31');
    expect(shown).not.toContain('2028-01-01');
  });
});

describe('SubProfilePage self-service', () => {
  it('saves a new name and shows it once the user info is read again', async () => {
    const { requests } = serve();
    renderWithClient(<SubSectionContent name="details" />);
    expect((screen.getByTestId('sub-name-save') as HTMLButtonElement).disabled).toBe(true);
    typeInto('sub-name', 'Ann B.');
    await click('sub-name-save');
    await waitFor(() => expect(requestsTo(requests, 'user/info')).toHaveLength(1));
    expect(formOf(requestsTo(requests, 'sub/self/profile')[0]!)).toEqual({ nickname: 'Ann B.' });
    await waitFor(() => expect(screen.getByTestId('profile-nickname').textContent).toContain('Ann B.'));
  });

  it('changes the password only after the step-up with the member’s current password', async () => {
    const { requests } = serve();
    renderWithClient(<SubSectionContent name="password" />);
    typeInto('sub-password-new', 'Member-new-pass2');
    typeInto('sub-password-confirm', 'Member-new-pass');
    expect((screen.getByTestId('sub-password-save') as HTMLButtonElement).disabled).toBe(true);
    typeInto('sub-password-confirm', 'Member-new-pass2');
    await click('sub-password-save');
    await screen.findByTestId('step-up-sheet');
    expect(requestsTo(requests, 'sub/self/password')).toHaveLength(0);
    typeInto('step-up-password', 'Member-old-pass1');
    await click('step-up-submit');
    await waitFor(() => expect(requestsTo(requests, 'sub/self/password')).toHaveLength(1));
    expect(formOf(requestsTo(requests, 'user/stepUp')[0]!)).toMatchObject({
      purpose: 'password_change',
      password: 'Member-old-pass1',
    });
    expect(formOf(requestsTo(requests, 'sub/self/password')[0]!)).toEqual({
      password: 'Member-new-pass2',
      confirmPassword: 'Member-new-pass2',
      stepUpTicket: 'member-ticket-xxxxxxxxxxxxxxxx',
    });
  });
});
