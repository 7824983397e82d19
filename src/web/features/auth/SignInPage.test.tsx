// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../contract/account';
import * as notify from '../../lib/notify';
import { getItem, setItem } from '../../lib/storage';
import { typeInto } from '../../testing/browser';
import { renderApp, stubApi, type Recorded } from '../../testing/utils';

const TOKENS = {
  access_token: 'access-token-1',
  access_overtime: 4_102_444_800_000,
  refresh_token: 'refresh-token-123456',
};
const USER: UserInfo = {
  userId: 'u1',
  email: 'ada@example.com',
  nickname: 'Ada',
  mobile: null,
  accountType: 'business',
  inviteCode: '123456',
  googleBound: false,
  createdAt: '2025-01-01T00:00:00+00:00',
  statusList: { subSwitch: 1 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Clicks a submit button once its click guard (1 s, spec §5) has let go. */
async function submit(testId: string) {
  const button = screen.getByTestId(testId) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false), { timeout: 2000 });
  fireEvent.click(button);
}

const form = (r: Recorded | undefined) => Object.fromEntries(new URLSearchParams(r?.body));

async function fillPasswordForm() {
  await screen.findByTestId('password-sign-in');
  typeInto('signin-email', 'ada@example.com');
  typeInto('signin-password', 'correct horse');
}

describe('sign-in page', () => {
  it('says a refused sign-in above the button, not in a toast over the fields, and clears it on retry', async () => {
    const toast = vi.spyOn(notify, 'toastError');
    let attempts = 0;
    stubApi((r) => {
      if (r.path === '/api/user/loginPwd') {
        attempts += 1;
        return attempts === 1 ? { code: 422, msg: 'Wrong e-mail or password' } : { code: 200, data: TOKENS };
      }
      return { code: 200, data: USER };
    });
    const { router } = renderApp('/');
    await fillPasswordForm();
    fireEvent.click(screen.getByTestId('signin-submit'));
    const refusal = await screen.findByTestId('signin-error');
    expect(refusal.textContent).toBe('Wrong e-mail or password');
    expect(refusal.getAttribute('role')).toBe('alert');
    // Right before the button, after every field.
    expect(refusal.nextElementSibling).toBe(screen.getByTestId('signin-submit'));
    expect(toast).not.toHaveBeenCalled();
    await submit('signin-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('signs in with the password, stores the session (never the password) and goes home', async () => {
    const { requests } = stubApi((r) => {
      if (r.path === '/api/user/loginPwd') return { code: 200, data: TOKENS };
      if (r.path === '/api/user/info') return { code: 200, data: USER };
      return { code: 200, data: { CNY: 0, USD: 0 } };
    });
    const { router } = renderApp('/');
    await fillPasswordForm();
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByTestId('signin-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(form(requests.find((r) => r.path === '/api/user/loginPwd'))).toEqual({
      username: 'ada@example.com',
      password: 'correct horse',
    });
    expect(getItem('access_token')).toBe(TOKENS.access_token);
    expect(getItem('userInfo')).toEqual(USER);
    expect(getItem('username')).toBe('ada@example.com');
    expect(getItem('autoLogin')).toBe(true);
    const stored = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key))
      .join('\n');
    expect(stored).not.toContain('correct horse');
  });

  it('shows the image captcha after a 428 and sends its answer with the next attempt', async () => {
    let attempts = 0;
    const { requests } = stubApi((r) => {
      if (r.path === '/api/user/loginPwd') {
        attempts += 1;
        return attempts === 1
          ? { code: 428, msg: 'Captcha required', data: { need: 'captcha' } }
          : { code: 200, data: TOKENS };
      }
      return { code: 200, data: USER };
    });
    const { router } = renderApp('/');
    await fillPasswordForm();
    fireEvent.click(screen.getByTestId('signin-submit'));

    const image = (await screen.findByTestId('captcha-image')) as HTMLImageElement;
    const src = new URL(image.src);
    expect(src.pathname).toBe('/api/user/captcha');
    const captchaId = src.searchParams.get('captchaId') ?? '';
    expect(captchaId).toMatch(/^[0-9a-f-]{36}$/);

    // Submitting without the characters asks for them and sends nothing.
    await submit('signin-submit');
    expect(await screen.findByText('Please complete the security check')).toBeTruthy();
    expect(attempts).toBe(1);

    typeInto('captcha-code', 'x7Kp');
    await submit('signin-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const second = requests.filter((r) => r.path === '/api/user/loginPwd')[1];
    expect(form(second)).toMatchObject({ captchaId, captchaCode: 'x7Kp' });
  });

  it('switches to the arithmetic challenge and signs in with the verified ticket', async () => {
    let attempts = 0;
    const { requests } = stubApi((r) => {
      switch (r.path) {
        case '/api/user/loginPwd':
          attempts += 1;
          return attempts === 1 ? { code: 428, data: { need: 'captcha' } } : { code: 200, data: TOKENS };
        case '/api/user/captchaTwo':
          return {
            code: 200,
            data: {
              captchaId: 'math-challenge-1',
              svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
              expiresIn: 120,
            },
          };
        case '/api/user/verify':
          return { code: 200, data: { captchaTicket: 'ticket-abc', expiresIn: 120 } };
        default:
          return { code: 200, data: USER };
      }
    });
    const { router } = renderApp('/');
    await fillPasswordForm();
    fireEvent.click(screen.getByTestId('signin-submit'));
    fireEvent.click(await screen.findByTestId('captcha-switch'));
    await screen.findByTestId('captcha-answer');
    typeInto('captcha-answer', '12');
    expect((screen.getByTestId('captcha-image') as HTMLImageElement).src).toMatch(/^data:image\/svg\+xml/);
    await submit('signin-submit');

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(form(requests.find((r) => r.path === '/api/user/verify'))).toEqual({
      captchaId: 'math-challenge-1',
      answer: '12',
    });
    expect(form(requests.filter((r) => r.path === '/api/user/loginPwd')[1])).toMatchObject({
      captchaTicket: 'ticket-abc',
    });
  });

  it('asks for the Google Authenticator code after a 428 {need: google}', async () => {
    const ticket = 'google-ticket-0123456789';
    const { requests } = stubApi((r) => {
      if (r.path === '/api/user/loginPwd')
        return { code: 428, data: { need: 'google', ticket, expiresIn: 300 } };
      if (r.path === '/api/user/loginByGoogle') return { code: 200, data: TOKENS };
      return { code: 200, data: USER };
    });
    const { router } = renderApp('/');
    await fillPasswordForm();
    fireEvent.click(screen.getByTestId('signin-submit'));

    const code = await screen.findByTestId('google-code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByTestId('google-countdown').textContent).toBe('00:05:00');
    typeInto('google-code', '123456');
    fireEvent.click(screen.getByTestId('google-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const google = requests.find((r) => r.path === '/api/user/loginByGoogle');
    expect(form(google)).toEqual({ ticket, googleCode: '123456' });
    expect(google?.headers.get('authorization')).toBe(`Basic ${btoa('portal:portal')}`);
  });

  it('validates the address before sending anything', async () => {
    const { fetchStub } = stubApi(() => ({ code: 200 }));
    renderApp('/');
    await screen.findByTestId('password-sign-in');
    typeInto('signin-email', 'ada@');
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect(await screen.findByText('Please enter the correct Email')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('fills in the remembered user name and uses password-manager friendly fields', async () => {
    setItem('username', 'grace@example.com');
    setItem('autoLogin', true);
    stubApi(() => ({ code: 200 }));
    renderApp('/');
    const email = await screen.findByTestId('signin-email');
    expect(email).toHaveProperty('value', 'grace@example.com');
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(screen.getByTestId('signin-password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('Remember me')).toHaveProperty('checked', true);
  });

  it('shows the Chinese texts and switches to English with the toggle', async () => {
    stubApi(() => ({ code: 200 }));
    const { i18n } = await import('../../lib/i18n');
    await i18n.changeLanguage('zh-CN');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '欢迎回来' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-toggle'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(getItem('lang')).toBe('en');
  });
});

describe('route guards', () => {
  it('sends a visitor without a token to sign-in, remembering the page', async () => {
    stubApi(() => ({ code: 200 }));
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toMatchObject({ redirect: '/home' });
  });

  it('sends a signed-in user away from sign-in and sign-up to home', async () => {
    setItem('access_token', TOKENS.access_token);
    setItem('refresh_token', TOKENS.refresh_token);
    setItem('userInfo', USER);
    stubApi((r) => ({ code: 200, data: r.path === '/api/user/wallet' ? { CNY: 50000, USD: 1234 } : USER }));
    const { router } = renderApp('/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends unknown paths to /404', async () => {
    stubApi(() => ({ code: 200 }));
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
