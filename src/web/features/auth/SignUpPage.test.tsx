// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as notify from '../../lib/notify';
import { endSession } from '../../lib/session';
import { getItem, INVITE_CODE_KEY } from '../../lib/storage';
import { typeInto } from '../../testing/browser';
import { TEST_USER } from '../../testing/fixtures';
import { renderApp, requestsTo, stubApi } from '../../testing/utils';

const TOKENS = {
  access_token: 'access-token-1',
  access_overtime: 4_102_444_800_000,
  refresh_token: 'refresh-token-123456',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await endSession();
});

async function fillAndSubmit() {
  await screen.findByTestId('signup-form');
  typeInto('signup-email', 'Ada@Example.com');
  typeInto('signup-code', '123456');
  typeInto('signup-password', 'correct horse');
  typeInto('signup-confirm', 'correct horse');
  fireEvent.click(screen.getByLabelText('I have read and agree to the'));
  fireEvent.click(screen.getByTestId('signup-submit'));
}

describe('sign-up page', () => {
  it('shows the mismatch and agreement messages and does not call the server', async () => {
    const { fetchStub } = stubApi(() => ({ code: 200, data: { userId: 'u1' } }));
    renderApp('/signup');
    await screen.findByTestId('signup-form');

    typeInto('signup-email', 'ada@example.com');
    typeInto('signup-code', '123456');
    typeInto('signup-password', 'correct horse');
    typeInto('signup-confirm', 'correct h0rse');
    fireEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please agree to the Privacy Policy,Terms of Service Agreement')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('translates the contract messages of every invalid field', async () => {
    const { fetchStub } = stubApi(() => ({ code: 200 }));
    renderApp('/signup');
    await screen.findByTestId('signup-form');

    typeInto('signup-email', 'not-an-address');
    typeInto('signup-code', '12');
    typeInto('signup-password', 'short');
    typeInto('signup-invite', '12ab');
    fireEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('Please enter the correct Email')).toBeTruthy();
    expect(screen.getByText('Please enter the 6-digit code')).toBeTruthy();
    expect(screen.getByText('The password must be 10 to 64 characters')).toBeTruthy();
    expect(screen.getByText('The invitation code has 6 digits')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a common password before sending and rates what is typed', async () => {
    const { fetchStub } = stubApi(() => ({ code: 200 }));
    renderApp('/signup');
    await screen.findByTestId('signup-form');

    typeInto('signup-password', '1234567890');
    const meter = await screen.findByTestId('password-strength');
    expect(meter.getAttribute('data-score')).toBe('0');
    expect(meter.textContent).toBe('Strength: too weak');
    typeInto('signup-confirm', '1234567890');
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(
      await screen.findByText('This password is one of the most common ones. Please choose another'),
    ).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();

    typeInto('signup-password', 'password2026');
    await waitFor(() =>
      expect(screen.getByTestId('password-strength').getAttribute('data-score')).not.toBe('0'),
    );
    const weakish = Number(screen.getByTestId('password-strength').getAttribute('data-score'));
    typeInto('signup-password', 'CardPortal#2026');
    await waitFor(() =>
      expect(Number(screen.getByTestId('password-strength').getAttribute('data-score'))).toBeGreaterThan(
        weakish,
      ),
    );
  });

  it('prefills the invitation code kept from the invite link', async () => {
    sessionStorage.setItem(INVITE_CODE_KEY, '246810');
    stubApi(() => ({ code: 200 }));
    renderApp('/signup');
    expect(await screen.findByTestId('signup-invite')).toHaveProperty('value', '246810');
  });

  it('gives every control a label and the right autocomplete', async () => {
    stubApi(() => ({ code: 200 }));
    renderApp('/signup');
    await screen.findByTestId('signup-form');
    expect(screen.getByLabelText('E-mail').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('E-mail code').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Confirm password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('I have read and agree to the')).toBeTruthy();
  });

  it('registers, then signs in with the same credentials and goes home', async () => {
    const { requests } = stubApi((r) => {
      if (r.path === '/api/user/signup') return { code: 200, data: { userId: 'u1' } };
      if (r.path === '/api/user/loginPwd') return { code: 200, data: TOKENS };
      if (r.path === '/api/user/info') return { code: 200, data: TEST_USER };
      return { code: 200, data: null };
    });
    const { router } = renderApp('/signup');
    await fillAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/user/signup');
    expect(request?.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const body = new URLSearchParams(request?.body);
    expect(body.get('email')).toBe('ada@example.com');
    expect(body.get('confirmPassword')).toBe('correct horse');
    expect(body.has('inviteCode')).toBe(false);
    const signIn = new URLSearchParams(requestsTo(requests, 'user/loginPwd')[0]?.body);
    expect({ username: signIn.get('username'), password: signIn.get('password') }).toEqual({
      username: 'ada@example.com',
      password: 'correct horse',
    });
    expect(getItem('access_token')).toBe(TOKENS.access_token);
  });

  it('opens sign-in with the address filled in when the sign-in after it is refused', async () => {
    const toast = vi.spyOn(notify, 'toastError');
    stubApi((r) =>
      r.path === '/api/user/loginPwd'
        ? { code: 428, msg: 'Captcha required', data: { need: 'captcha' } }
        : { code: 200, data: { userId: 'u1' } },
    );
    const { router } = renderApp('/signup');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('signin-email')).toHaveProperty('value', 'ada@example.com');
    expect(getItem('access_token')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });
});
