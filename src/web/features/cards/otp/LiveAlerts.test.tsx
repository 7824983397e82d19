// @vitest-environment jsdom
/**
 * Codes wherever the customer is (issue 32 §1): a code announced by the stream shows at once with
 * merchant, amount, card label and last four, a countdown and one-tap copy, and the badges count it
 * until it expires; a decline since the app opened shows a short notice with the reason and a link
 * to the records, while older declines are never replayed; a member without the codes permission
 * asks for none.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OtpView } from '@contract/cards';
import { subAccessGrant } from '@contract/permissions';
import type { TradeRow } from '@contract/records';
import { LiveCodeBadge } from '../../../components/ui/LiveCodeBadge';
import { setLiveCodes } from '../../../lib/live-codes';
import { emitLiveChange } from '../../../lib/live-events';
import { storeAccess } from '../../../lib/permissions';
import { setWidth } from '../../../testing/browser';
import { tradeRow } from '../../../testing/card-records';
import { signIn } from '../../../testing/fixtures';
import { requestsTo, stubApi } from '../../../testing/utils';
import { DECLINE_NOTICE_MS, LiveAlerts } from './LiveAlerts';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const CODE: OtpView = {
  id: 'otp-1',
  cardId: 'card-1',
  cardSerial: '00042',
  cardLabel: 'Ads team',
  last4: '4242',
  code: '654321',
  merchantName: 'Spotify',
  currency: 'USD',
  amount: 2_599,
  createdAt: '2026-01-05T09:04:00Z',
  secondsLeft: 90,
};

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function announce(...kinds: ('otp' | 'cards')[]) {
  act(() => emitLiveChange(new Set(kinds)));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  signIn();
  setWidth(390);
  setLiveCodes([]);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiveAlerts', () => {
  it('shows a code the stream announces, counts it on the badges, copies it, and drops it when it expires', async () => {
    let pool: OtpView[] = [];
    const expiresAt = Date.now() + 90_000;
    const secondsLeft = () => Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));
    const { requests } = stubApi((request) =>
      request.path === '/api/card/getThreePool'
        ? {
            code: 200,
            data: pool.map((code) => (code.id === CODE.id ? { ...code, secondsLeft: secondsLeft() } : code)),
          }
        : { code: 200, data: { data: [], total: 0 } },
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(
      <>
        <LiveAlerts />
        <LiveCodeBadge testId="all-badge" />
        <LiveCodeBadge cardId="card-1" testId="card-badge" />
        <LiveCodeBadge cardId="card-2" testId="other-badge" />
      </>,
    );
    await advance(0);
    expect(screen.queryByTestId('live-code')).toBeNull();
    expect(screen.queryByTestId('all-badge')).toBeNull();

    pool = [
      CODE,
      { ...CODE, id: 'otp-0', code: '111111', secondsLeft: 0, createdAt: '2026-01-05T08:00:00Z' },
    ];
    announce('otp');
    await advance(0);
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(2);
    const alert = screen.getByTestId('live-code');
    expect(alert.textContent).toContain('3-D Secure code');
    expect(screen.getByTestId('live-code-card').textContent).toBe('Ads team •••• 4242');
    expect(screen.getByTestId('live-code-merchant').textContent).toBe('Spotify');
    expect(alert.textContent).toContain('$25.99');
    expect(screen.getByTestId('live-code-value').textContent).toBe('654 321Tap to copy');
    expect(screen.getByTestId('live-code-left').textContent).toBe('01:30 left');
    expect(screen.queryByTestId('live-code-more')).toBeNull(); // the expired one is not counted
    expect(screen.getByTestId('all-badge').dataset.count).toBe('1');
    expect(screen.getByTestId('card-badge').textContent).toContain('1 code you can use now');
    expect(screen.queryByTestId('other-badge')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTestId('live-code-value'));
    });
    expect(writeText).toHaveBeenCalledWith('654321');

    await advance(30_000); // one fallback round reloaded meanwhile: the server counts down too
    expect(screen.getByTestId('live-code-left').textContent).toBe('01:00 left');
    await advance(61_000);
    expect(screen.queryByTestId('live-code')).toBeNull();
    expect(screen.queryByTestId('all-badge')).toBeNull();
  });

  it('shows the newest of several codes with a link to all, and a hidden code stays hidden', async () => {
    const older = { ...CODE, id: 'otp-0', code: '222333', createdAt: '2026-01-05T09:03:00Z' };
    stubApi(() => ({ code: 200, data: [older, CODE] }));
    render(<LiveAlerts />);
    await advance(0);
    expect(screen.getByTestId('live-code-value').textContent).toContain('654 321');
    expect(screen.getByTestId('live-code-more').textContent).toBe('1 more code');
    expect(screen.getByTestId('live-code-more').getAttribute('href')).toBe('#/cardList?otp=1');

    fireEvent.click(screen.getByTestId('live-code-dismiss'));
    expect(screen.getByTestId('live-code-value').textContent).toContain('222 333');
    announce('otp');
    await advance(0);
    expect(screen.getByTestId('live-code-value').textContent).toContain('222 333');
  });

  it('announces a decline made after the app opened, never older ones, and hides it after a while', async () => {
    const old = tradeRow({
      id: 'old',
      status: 'declined',
      declineReason: 'card_frozen',
      declineText: 'Card frozen',
    });
    let declines: TradeRow[] = [old];
    const { requests } = stubApi((request) =>
      request.path === '/api/cardTrade/refuse/page'
        ? { code: 200, data: { data: declines, total: declines.length } }
        : { code: 200, data: [] },
    );
    render(<LiveAlerts />);
    await advance(0);
    expect(requestsTo(requests, 'cardTrade/refuse/page')).toHaveLength(1);
    expect(screen.queryByTestId('live-decline')).toBeNull();

    const fresh = tradeRow({
      id: 'new',
      status: 'declined',
      merchantName: 'Netflix',
      amount: 1_250,
      last4: '4821',
      declineReason: 'insufficient_balance',
      declineText: 'Not enough balance on the card',
    });
    declines = [fresh, old];
    announce('cards');
    await advance(0);
    expect(screen.getByTestId('live-decline-merchant').textContent).toBe('Netflix');
    expect(screen.getByTestId('live-decline').textContent).toContain('$12.50');
    expect(screen.getByTestId('live-decline-reason').textContent).toBe('Why: Not enough balance on the card');
    expect(screen.getByTestId('live-decline-record').getAttribute('href')).toBe(
      '#/cardRecord?tab=refuse&last4=4821',
    );

    await advance(DECLINE_NOTICE_MS);
    expect(screen.queryByTestId('live-decline')).toBeNull();
    announce('cards');
    await advance(0);
    expect(screen.queryByTestId('live-decline')).toBeNull();
  });

  it('asks nothing a member may not see', async () => {
    storeAccess(subAccessGrant(['card:list']));
    const { requests } = stubApi(() => ({ code: 200, data: [] }));
    render(<LiveAlerts />);
    await advance(0);
    announce('otp', 'cards');
    await advance(20_000);
    expect(requestsTo(requests, 'card/getThreePool')).toHaveLength(0);
    expect(requestsTo(requests, 'cardTrade/refuse/page')).toHaveLength(0);
  });
});
