// @vitest-environment jsdom
/**
 * The 3-D Secure codes screen: newest first, one tap copies a code, each code counts its own
 * seconds down, the list reloads by itself every 5 s while open (and stops when closed), a
 * card's own codes come from getOtp, and an empty pool explains what will appear.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OtpView } from '@contract/cards';
import { toastSuccess } from '../../../lib/notify';
import { setWidth } from '../../../testing/browser';
import { signIn } from '../../../testing/fixtures';
import { formOf, requestsTo, stubApi } from '../../../testing/utils';
import { OtpSheet } from './OtpSheet';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

function code(id: string, patch: Partial<OtpView>): OtpView {
  return {
    id,
    cardId: 'card-0',
    cardSerial: '00042',
    cardLabel: null,
    last4: '4242',
    code: '123456',
    merchantName: 'Facebook Ads',
    currency: 'USD',
    amount: 2_599,
    createdAt: '2026-01-05T09:00:00Z',
    secondsLeft: 0,
    ...patch,
  };
}

const OLDER = code('otp-1', { code: '111222', merchantName: 'AWS', createdAt: '2026-01-05T08:30:00Z' });
const NEWER = code('otp-2', { code: '654321', secondsLeft: 154, createdAt: '2026-01-05T09:04:00Z' });

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  signIn();
  setWidth(390);
  vi.mocked(toastSuccess).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OtpSheet', () => {
  it('lists codes newest first with merchant, amount and card, counts each down, and copies with one tap', async () => {
    // The server counts the code's time down: it expires 154 s after the screen opens.
    const expiresAt = Date.now() + 154_000;
    const secondsLeft = () => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));
    stubApi((request) =>
      request.path === '/api/card/getThreePool'
        ? { code: 200, data: [OLDER, { ...NEWER, secondsLeft: secondsLeft() }] }
        : { code: 404 },
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(<OtpSheet visible onClose={() => {}} />);
    await advance(0);

    const [first, second] = screen.getAllByTestId('otp-item') as HTMLElement[];
    expect(within(first!).getByTestId('otp-code').textContent).toContain('654 321');
    expect(within(first!).getByTestId('otp-merchant').textContent).toBe('Facebook Ads');
    expect(within(first!).getByText('$25.99')).toBeTruthy();
    expect(within(first!).getByTestId('otp-card').textContent).toBe('No. 00042 · •••• 4242');
    expect(within(first!).getByTestId('otp-left').textContent).toBe('02:34 left');
    expect(within(second!).getByTestId('otp-left').textContent).toBe('Expired');
    expect(second!.dataset.expired).toBe('true');
    // An expired code is shown for the record, no longer offered to copy (issue 32 §1).
    expect(within(first!).getByTestId('otp-code').textContent).toContain('Tap to copy');
    expect(within(second!).getByTestId('otp-code').textContent).toBe('111 222');
    expect((within(second!).getByTestId('otp-code') as HTMLButtonElement).disabled).toBe(true);

    await advance(4_000);
    expect(within(screen.getAllByTestId('otp-item')[0]!).getByTestId('otp-left').textContent).toBe(
      '02:30 left',
    );

    await act(async () => {
      fireEvent.click(within(first!).getByTestId('otp-code'));
    });
    expect(writeText).toHaveBeenCalledWith('654321');
    expect(toastSuccess).toHaveBeenCalledWith('Copy success');

    await advance(150_000);
    expect(within(screen.getAllByTestId('otp-item')[0]!).getByTestId('otp-left').textContent).toBe('Expired');
  });

  it('reloads by itself every 5 seconds while open, and stops when closed', async () => {
    let pool: OtpView[] = [];
    const { requests } = stubApi(() => ({ code: 200, data: pool }));
    const view = render(<OtpSheet visible onClose={() => {}} />);
    await advance(0);
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(1);
    expect(screen.getByTestId('otp-empty').textContent).toContain('last 60 minutes');

    pool = [NEWER];
    await advance(5_000);
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(2);
    expect(screen.getByTestId('otp-code').textContent).toContain('654 321');

    view.rerender(<OtpSheet visible={false} onClose={() => {}} />);
    await advance(20_000);
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(2);
  });

  it('reloads at once when the app comes back to the foreground', async () => {
    const { requests } = stubApi(() => ({ code: 200, data: [] }));
    render(<OtpSheet visible onClose={() => {}} />);
    await advance(0);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(0);
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(2);
  });

  it("shows one card's codes from getOtp", async () => {
    const { requests } = stubApi((request) =>
      request.path === '/api/card/getOtp' ? { code: 200, data: [NEWER] } : { code: 404 },
    );
    render(<OtpSheet visible card={{ id: 'card-0', last4: '4242' }} onClose={() => {}} />);
    await advance(0);
    expect(formOf(requestsTo(requests, 'card/getOtp')[0])).toEqual({ cardId: 'card-0' });
    expect(screen.getByRole('dialog', { name: '3-D Secure codes of •••• 4242' })).toBeTruthy();
    expect(screen.queryByTestId('otp-card')).toBeNull();
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(0);
  });
});
