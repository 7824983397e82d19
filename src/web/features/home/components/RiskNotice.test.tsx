// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '@contract/core';
import type { riskNotice } from '@contract/cards';
import { i18n } from '../../../lib/i18n';
import { toastError } from '../../../lib/notify';
import type { RouteName } from '../../../lib/route-meta';
import { storeSession } from '../../../testing/fixtures';
import { stubApi, type Recorded } from '../../../testing/utils';
import { HomePage } from '../HomePage';
import { RiskNotice } from './RiskNotice';

vi.mock('idb-keyval', async () => (await import('../../../testing/fixtures')).memoryIdb());
vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

type RiskEvent = NonNullable<ResponseOf<typeof riskNotice>>;

const EVENT: RiskEvent = {
  id: 'risk-1',
  declineRateBp: 850,
  authorizations: 200,
  declines: 17,
  cardsFrozen: 12,
  windowHours: 24,
  createdAt: '2026-01-05T09:30:00Z',
};

const NOTICE = '/api/card/riskNotice';
const ACK = '/api/card/riskNotice/ack';

type Reply = { code: number; msg?: string; data?: unknown };

/** The server's notice state: the event until it is acknowledged. */
function answer(options: { event?: RiskEvent | null; ack?: Reply; notice?: Reply } = {}) {
  let current = options.event === undefined ? EVENT : options.event;
  return stubApi((request: Recorded) => {
    if (request.path === NOTICE) return options.notice ?? { code: 200, data: current };
    if (request.path === ACK) {
      // A 404: someone acknowledged it elsewhere meanwhile, so no notice is open any more.
      if (options.ack?.code === 404) current = null;
      if (options.ack) return options.ack;
      current = null;
      return { code: 200, data: null };
    }
    if (request.path === '/api/user/wallet') return { code: 200, data: { CNY: 0, USD: 0 } };
    if (request.path === '/api/user/overview') {
      return {
        code: 200,
        data: {
          cards: { total: 12, active: 0, frozen: 12, deleted: 0 },
          monthSpend: { CNY: 0, USD: 0 },
          monthTopUp: { CNY: 0, USD: 0 },
          daily: [],
        },
      };
    }
    return { code: 404, msg: 'no such path' };
  });
}

const WITH_RECORDS = new Set<RouteName>(['cardRecord']);

function renderNotice(builtRoutes: ReadonlySet<RouteName> = WITH_RECORDS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RiskNotice builtRoutes={builtRoutes} />
    </QueryClientProvider>,
  );
}

const noticeCalls = (requests: Recorded[]) => requests.filter((r) => r.path === NOTICE);
const ackCalls = (requests: Recorded[]) => requests.filter((r) => r.path === ACK);

beforeEach(() => {
  storeSession();
  vi.mocked(toastError).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RiskNotice', () => {
  it('explains the freeze with the figures of the event', async () => {
    const { requests } = answer();
    renderNotice();
    const notice = await screen.findByRole('region', { name: 'All your cards have been frozen' });
    expect(within(notice).getByTestId('risk-notice-body').textContent).toMatch(
      /^In the last 24 hours, 17 of your 200 card payments were declined: a decline rate of 8\.5%, above the 5% that card networks tolerate\. To protect your account we froze all 12 of your cards on Jan 5, 17:30 UTC\+8\.$/,
    );
    expect(within(notice).getByTestId('risk-rate').textContent).toBe('8.5%');
    expect(within(notice).getByTestId('risk-declines').textContent).toBe('17');
    expect(within(notice).getByTestId('risk-authorizations').textContent).toBe('200');
    expect(within(notice).getByTestId('risk-cardsFrozen').textContent).toBe('12');
    expect(within(notice).getByText('in the last 24 hours')).toBeTruthy();
    expect(within(notice).getByText(/Contact customer service, who will review the account/)).toBeTruthy();
    expect(noticeCalls(requests)[0]?.headers.get('authorization')).toBe('Bearer access-token-1');
  });

  it('says it in Chinese', async () => {
    answer({ event: { ...EVENT, cardsFrozen: 1, declineRateBp: 1234 } });
    await i18n.changeLanguage('zh-CN');
    renderNotice();
    const notice = await screen.findByRole('region', { name: '您的全部卡片已被冻结' });
    expect(within(notice).getByTestId('risk-notice-body').textContent).toMatch(
      /^过去 24 小时内，您的 200 笔卡片交易中有 17 笔被拒绝，交易拒绝率为 12\.34%，超过了卡组织容忍的 5%。为保护您的账户，我们已于 .+ 冻结了您的全部 1 张卡。$/,
    );
    expect(within(notice).getByRole('button', { name: '我已知晓' })).toBeTruthy();
  });

  it('"I understand" acknowledges the event and the notice goes away', async () => {
    const { requests } = answer();
    renderNotice();
    const ack = await screen.findByRole('button', { name: 'I understand' });
    await act(async () => {
      fireEvent.click(ack);
    });
    await waitFor(() => expect(screen.queryByTestId('risk-notice')).toBeNull());
    const [sent] = ackCalls(requests);
    expect(sent?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(sent?.body))).toEqual({ id: 'risk-1' });
    expect(sent?.headers.get('authorization')).toBe('Bearer access-token-1');
  });

  it('stays when the acknowledgement is refused, and says why', async () => {
    answer({ ack: { code: 422, msg: 'Unknown notice' } });
    renderNotice();
    const ack = await screen.findByRole('button', { name: 'I understand' });
    await act(async () => {
      fireEvent.click(ack);
    });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Unknown notice'));
    expect(screen.getByTestId('risk-notice')).toBeTruthy();
  });

  it('goes away without an error when the server no longer has the notice open', async () => {
    const { requests } = answer({ ack: { code: 404, msg: 'No such notice' } });
    renderNotice();
    const ack = await screen.findByRole('button', { name: 'I understand' });
    await act(async () => {
      fireEvent.click(ack);
    });
    await waitFor(() => expect(screen.queryByTestId('risk-notice')).toBeNull());
    expect(toastError).not.toHaveBeenCalled();
    // It asks again, in case another freeze is open.
    await waitFor(() => expect(noticeCalls(requests)).toHaveLength(2));
  });

  it('opens the customer-service dialog', async () => {
    answer();
    renderNotice();
    fireEvent.click(await screen.findByRole('button', { name: 'Contact customer service' }));
    expect(await screen.findByTestId('service-dialog')).toBeTruthy();
  });

  it('links to the declines once the records page exists', async () => {
    answer();
    const { unmount } = renderNotice();
    const link = await screen.findByRole('link', { name: 'View declined payments' });
    expect(link.getAttribute('href')).toBe('#/cardRecord?tab=refuse');
    unmount();

    renderNotice(new Set());
    await screen.findByTestId('risk-notice');
    expect(screen.queryByRole('link', { name: 'View declined payments' })).toBeNull();
  });

  it('shows nothing without an event, and nothing (silently) when the notice cannot be loaded', async () => {
    const { requests } = answer({ event: null });
    const { unmount } = renderNotice();
    await waitFor(() => expect(noticeCalls(requests)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('risk-notice')).toBeNull();
    unmount();

    answer({ notice: { code: 500, msg: 'boom' } });
    renderNotice();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('risk-notice')).toBeNull();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('stands first on the home page', async () => {
    answer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <HomePage builtRoutes={WITH_RECORDS} />
      </QueryClientProvider>,
    );
    const notice = await screen.findByTestId('risk-notice');
    const page = screen.getByTestId('home-page');
    const grid = page.querySelector('.cp-home__grid');
    expect(notice.parentElement).toBe(page);
    expect(grid && notice.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
