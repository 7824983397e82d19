// @vitest-environment jsdom
/**
 * Card details: with Google Authenticator bound the server asks for a code first (428); the
 * details then show with copy buttons and a visible countdown, and after hideAfterSeconds they are
 * hidden and their values gone from the DOM. Nothing of them reaches browser storage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastSuccess } from '@web/lib/notify';
import { setWidth } from '@web/testing/browser';
import { signIn } from '@web/testing/fixtures';
import { formOf, renderWithClient, requestsTo, stubApi } from '@web/testing/utils';
import { testCard } from '../../../../testing/card-list';
import { DetailsSheet } from './DetailsSheet';

vi.mock('@web/lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const PAN = '4111111111111111';
const CVV = '737';
const DETAILS = {
  cardId: 'card-0',
  pan: PAN,
  cvv: CVV,
  expiryMonth: 3,
  expiryYear: 2029,
  holderFirstName: 'Ada',
  holderLastName: 'Lovelace',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
  hideAfterSeconds: 30,
  // The reveal window's end (issue 32 §4): already past here, so the sheet states none.
  trustedUntil: '2000-01-01T00:00:00.000Z',
};

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function click(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await advance(0);
}

// The shell loads the step-up sheet on the first request (StepUpHost); loading it once here, with
// real timers, lets that lazy import settle within a fake-timer tick.
beforeAll(async () => {
  await import('@web/components/ui/StepUpSheet');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  signIn();
  setWidth(390);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DetailsSheet', () => {
  it('without Google Authenticator asks for the password through the step-up sheet, then reveals with the ticket', async () => {
    const { requests } = stubApi((request) => {
      if (request.path === '/api/user/stepUp') {
        const { password, purpose } = formOf(request);
        if (password !== 'Sup3r-secret!') return { code: 422, msg: 'The password is wrong' };
        return { code: 200, data: { ticket: `ticket-for-${purpose}-xxxxxxxxxxxxxxxx`, expiresAt: '' } };
      }
      if (request.path !== '/api/card/detail') return { code: 404 };
      const { stepUpTicket } = formOf(request);
      if (stepUpTicket !== 'ticket-for-card_reveal-xxxxxxxxxxxxxxxx')
        return { code: 428, msg: 'Confirm it is you before this action', data: { stepUp: 'card_reveal' } };
      return { code: 200, data: DETAILS };
    });
    renderWithClient(<DetailsSheet card={testCard(0)} onClose={() => {}} />);
    await click('details-reveal');
    expect(screen.getByTestId('step-up-sheet')).toBeTruthy();
    expect(screen.queryByTestId('details-shown')).toBeNull();

    fireEvent.change(screen.getByTestId('step-up-password'), { target: { value: 'wrong-password' } });
    await click('step-up-submit');
    expect(screen.getByTestId('step-up-password-error').textContent).toBe('The password is wrong');

    fireEvent.change(screen.getByTestId('step-up-password'), { target: { value: 'Sup3r-secret!' } });
    await click('step-up-submit');
    await advance(0);
    expect(screen.queryByTestId('step-up-sheet')).toBeNull();
    const reveals = requestsTo(requests, 'card/detail');
    expect(formOf(reveals[reveals.length - 1])).toEqual({
      cardId: 'card-0',
      stepUpTicket: 'ticket-for-card_reveal-xxxxxxxxxxxxxxxx',
    });
    expect(screen.getByTestId('details-cvv').textContent).toBe(CVV);
  });

  it('cancelling the step-up reveals nothing', async () => {
    const { requests } = stubApi((request) =>
      request.path === '/api/card/detail'
        ? { code: 428, msg: 'Confirm it is you', data: { stepUp: 'card_reveal' } }
        : { code: 404 },
    );
    renderWithClient(<DetailsSheet card={testCard(0)} onClose={() => {}} />);
    await click('details-reveal');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('step-up-sheet')).getByTestId('sheet-close'));
    });
    await advance(0);
    expect(screen.queryByTestId('step-up-sheet')).toBeNull();
    expect(screen.queryByTestId('details-shown')).toBeNull();
    expect(screen.queryByTestId('details-google-code')).toBeNull();
    expect(requestsTo(requests, 'card/detail')).toHaveLength(1);
    expect(requestsTo(requests, 'user/stepUp')).toHaveLength(0);
  });

  it('asks for the Google code after a 428, reveals, counts down and hides the values after 30 s', async () => {
    const { requests } = stubApi((request) => {
      if (request.path !== '/api/card/detail') return { code: 404 };
      const { googleCode } = formOf(request);
      if (!googleCode)
        return { code: 428, msg: 'Enter your Google Authenticator code', data: { need: 'google' } };
      if (googleCode !== '123456') return { code: 422, msg: 'Wrong Google Authenticator code' };
      return { code: 200, data: DETAILS };
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { client } = renderWithClient(<DetailsSheet card={testCard(0)} onClose={() => {}} />);

    expect(screen.getByTestId('details-intro').textContent).toContain('30 seconds');
    await click('details-reveal');
    expect(formOf(requestsTo(requests, 'card/detail')[0])).toEqual({ cardId: 'card-0' });
    expect(screen.getByTestId('details-google-code')).toBeTruthy();
    expect(screen.queryByTestId('details-shown')).toBeNull();

    fireEvent.change(screen.getByTestId('details-google-code'), { target: { value: '000000' } });
    await click('details-google-submit');
    expect(screen.getByTestId('details-google-code-error').textContent).toBe(
      'Wrong Google Authenticator code',
    );

    fireEvent.change(screen.getByTestId('details-google-code'), { target: { value: '123456' } });
    await click('details-google-submit');
    expect(formOf(requestsTo(requests, 'card/detail')[2])).toEqual({
      cardId: 'card-0',
      googleCode: '123456',
    });

    expect(screen.getByTestId('details-pan').textContent).toBe('4111 1111 1111 1111');
    expect(screen.getByTestId('details-expiry').textContent).toBe('03/29');
    expect(screen.getByTestId('details-cvv').textContent).toBe(CVV);
    expect(screen.getByTestId('details-countdown').textContent).toContain('Hidden again in 30 s');

    await click('details-copy-pan');
    expect(writeText).toHaveBeenCalledWith(PAN);
    expect(toastSuccess).toHaveBeenCalledWith('Copy success');

    await advance(10_000);
    expect(screen.getByTestId('details-countdown').textContent).toContain('Hidden again in 20 s');
    await advance(20_000);
    expect(screen.queryByTestId('details-shown')).toBeNull();
    expect(document.body.textContent).not.toContain('4111 1111 1111 1111');
    expect(document.body.textContent).not.toContain(PAN);
    expect(screen.queryByTestId('details-cvv')).toBeNull();
    expect(document.body.innerHTML).not.toContain(`>${CVV}<`);
    expect(screen.getByTestId('details-reveal')).toBeTruthy();

    // Nothing of the details was kept in the query cache or written to browser storage.
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(PAN);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain(PAN);
    expect(stored).not.toContain(`"${CVV}"`);
  });

  it('hides at once when the customer hides them or the app goes to the background', async () => {
    stubApi(() => ({ code: 200, data: DETAILS }));
    renderWithClient(<DetailsSheet card={testCard(0)} onClose={() => {}} />);
    await click('details-reveal');
    expect(screen.getByTestId('details-pan')).toBeTruthy();
    await click('details-hide');
    expect(document.body.textContent).not.toContain('4111 1111 1111 1111');

    await click('details-reveal');
    expect(screen.getByTestId('details-pan')).toBeTruthy();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(screen.queryByTestId('details-shown')).toBeNull();
  });
});
