// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TradeRow } from '@contract/records';
import { i18n } from '../../../lib/i18n';
import { toastError, toastSuccess } from '../../../lib/notify';
import { catchDownloads, setWidth, typeInto } from '../../../testing/browser';
import { signIn, TEST_ACCESS_TOKEN as ACCESS_TOKEN } from '../../../testing/fixtures';
import { formOf, renderPage, stubApi, type Recorded } from '../../../testing/utils';
import { CardRecordPage } from './CardRecordPage';
import { SubCardRecordPage } from './SubCardRecordPage';
import { tradeRow } from '../../../testing/card-records';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 15_000 });

const PATHS = {
  auth: '/api/cardTrade/authTrans/page',
  trade: '/api/cardTrade/trade/page',
  refuse: '/api/cardTrade/refuse/page',
  authDown: '/api/cardTrade/authTransDown',
  transDown: '/api/cardTrade/transDown',
} as const;

const PENDING = tradeRow({
  id: 'a-pending',
  status: 'pending',
  merchantName: 'Facebook Ads',
  amount: 1_230,
  createdAt: '2026-01-05T09:03:00Z',
});
const REFUNDED = tradeRow({
  id: 'a-refunded',
  status: 'refunded',
  merchantName: 'Google Ads',
  amount: 5_000,
  refunded: 5_000,
  cardSerial: 'VC0002',
  last4: '0042',
});
const DECLINED = tradeRow({
  id: 'a-declined',
  status: 'declined',
  merchantName: 'AWS',
  amount: 9_900,
  declineReason: 'suspected_fraud',
  // The server's own text (in the caller's language) wins over the PWA's text for the code.
  declineText: 'Declined by the issuer as suspected fraud',
});
const DECLINED_OLD = tradeRow({
  id: 'a-declined-old',
  status: 'declined',
  merchantName: 'Netflix',
  amount: 1_599,
  declineReason: 'card_frozen',
  declineText: null,
});
const REVERSED = tradeRow({ id: 'a-reversed', status: 'reversed', merchantName: 'Spotify', amount: 999 });
const COMPLETED = tradeRow({
  id: 'a-completed',
  status: 'completed',
  merchantName: 'Shopify',
  amount: 2_900,
});

const ROWS: Record<'auth' | 'trade' | 'refuse', TradeRow[]> = {
  auth: [PENDING, REFUNDED, DECLINED, REVERSED, COMPLETED],
  trade: [PENDING, REFUNDED, REVERSED, COMPLETED],
  refuse: [DECLINED, DECLINED_OLD],
};

function page(rows: TradeRow[], request: Recorded) {
  const { pageNo } = formOf(request);
  return { code: 200, data: { data: rows, total: 23, pageNo: Number(pageNo), pageSize: 10 } };
}

type ExportAnswer = { name: string } | { error: { code: number; msg: string } };

function answer(exportAnswer: ExportAnswer = { name: 'records.xlsx' }) {
  return stubApi((r) => {
    if (r.path === PATHS.auth) return page(ROWS.auth, r);
    if (r.path === PATHS.trade) return page(ROWS.trade, r);
    if (r.path === PATHS.refuse) return page(ROWS.refuse, r);
    if (r.path === PATHS.authDown || r.path === PATHS.transDown) {
      if ('error' in exportAnswer) return exportAnswer.error;
      return new Response('merchant,amount\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportAnswer.name}"`,
        },
      });
    }
    return { code: 404, msg: 'no such path' };
  });
}

const calls = (requests: Recorded[], path: string) => requests.filter((r) => r.path === path);

function openTab(name: string) {
  fireEvent.click(screen.getByRole('tab', { name }));
}

function rowOf(id: string): HTMLElement {
  const marker = screen
    .getAllByTestId('trade-row')
    .find((element) => element.dataset.id === id) as HTMLElement;
  return marker.closest('[data-testid="data-row"], [data-testid="data-card"]') as HTMLElement;
}

let clicked: HTMLAnchorElement[] = [];

beforeEach(() => {
  signIn();
  vi.mocked(toastError).mockClear();
  vi.mocked(toastSuccess).mockClear();
  clicked = catchDownloads('blob:records');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWidth(1024);
});

async function openPage(path = '/cardRecord') {
  const view = await renderPage(path, CardRecordPage);
  await screen.findAllByTestId('trade-row');
  return view;
}

async function exportAs(format: 'xlsx' | 'csv') {
  fireEvent.click(screen.getByTestId('records-filter-export'));
  const sheet = await screen.findByTestId('records-export');
  fireEvent.click(within(sheet).getByTestId(`records-export-${format}`));
  await act(async () => {
    fireEvent.click(within(sheet).getByTestId('records-export-download'));
  });
}

describe('CardRecordPage tabs', () => {
  it('lists authorizations first, from authTrans/page with the bearer token', async () => {
    const { requests } = answer();
    await openPage();
    expect(screen.getByRole('tab', { name: 'Authorizations' }).getAttribute('aria-selected')).toBe('true');
    const [first] = calls(requests, PATHS.auth);
    expect(formOf(first)).toEqual({ pageNo: '1', pageSize: '10' });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(screen.getAllByTestId('trade-row').map((row) => row.dataset.id)).toEqual(
      ROWS.auth.map((row) => row.id),
    );
    expect(screen.getByTestId('records-list-total').textContent).toBe('23 records');
  });

  it('asks trade/page for transactions and refuse/page for declines', async () => {
    const { requests } = answer();
    await openPage();

    openTab('Transactions');
    await waitFor(() => expect(calls(requests, PATHS.trade)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByTestId('trade-row').map((row) => row.dataset.id)).toEqual(
        ROWS.trade.map((row) => row.id),
      ),
    );
    expect(screen.getByTestId('card-record-page').dataset.tab).toBe('trade');

    openTab('Declines');
    await waitFor(() => expect(calls(requests, PATHS.refuse)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByTestId('trade-row').map((row) => row.dataset.id)).toEqual(
        ROWS.refuse.map((row) => row.id),
      ),
    );
    expect(formOf(calls(requests, PATHS.refuse)[0])).toEqual({ pageNo: '1', pageSize: '10' });
    expect(calls(requests, PATHS.auth)).toHaveLength(1);
  });

  it('opens the tab the address names (the risk notice links to the declines)', async () => {
    const { requests } = answer();
    await openPage('/cardRecord?tab=refuse&last4=0042');
    expect(screen.getByRole('tab', { name: 'Declines' }).getAttribute('aria-selected')).toBe('true');
    expect(calls(requests, PATHS.auth)).toHaveLength(0);
    expect(formOf(calls(requests, PATHS.refuse)[0])).toEqual({
      last4: '0042',
      pageNo: '1',
      pageSize: '10',
    });
    expect(screen.getByTestId<HTMLInputElement>('records-filter-last4').value).toBe('0042');
  });

  it('keeps the address in step with the tab', async () => {
    answer();
    const { router } = await openPage();
    openTab('Transactions');
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'trade' }));
  });
});

describe('CardRecordPage rows', () => {
  it('shows merchant, signed amount, coloured status, card and time in UTC+8 (table)', async () => {
    answer();
    await openPage();
    const pending = rowOf('a-pending');
    expect(within(pending).getByText('Facebook Ads')).toBeTruthy();
    expect(within(pending).getByText('Advertising · United States')).toBeTruthy();
    expect(within(pending).getByTestId('trade-amount').textContent).toBe('-$12.30');
    const tag = within(pending).getByTestId('trade-status');
    expect(tag.textContent).toBe('Pending');
    expect(tag.className).toContain('cp-rec-tag--pending');
    expect(within(pending).getByTestId('trade-card').textContent).toBe('VC0001ending 4821');
    expect(within(pending).getByText('2026-01-05 17:03')).toBeTruthy();

    const refunded = rowOf('a-refunded');
    expect(within(refunded).getByTestId('trade-status').textContent).toBe('Refunded');
    expect(within(refunded).getByTestId('trade-refunded').textContent).toBe('+$50.00 refunded');

    const reversed = rowOf('a-reversed');
    expect(within(reversed).getByTestId('trade-status').textContent).toBe('Reversed');
    // Nothing moved: shown struck through.
    expect(within(reversed).getByTestId('trade-amount').className).toContain('cp-rec-amount__main--void');

    expect(within(rowOf('a-completed')).getByTestId('trade-status').textContent).toBe('Completed');
    const declined = rowOf('a-declined');
    expect(within(declined).getByTestId('trade-status').textContent).toBe('Declined');
    expect(within(declined).getByTestId('trade-reason').textContent).toBe(
      'Declined by the issuer as suspected fraud',
    );
    // Only declined rows carry a reason.
    expect(within(pending).queryByTestId('trade-reason')).toBeNull();
  });

  it('shows the reason the server sent for each decline, and its own text when none came', async () => {
    answer();
    await openPage('/cardRecord?tab=refuse');
    expect(screen.getByRole('columnheader', { name: 'Decline reason' })).toBeTruthy();
    expect(within(rowOf('a-declined')).getByTestId('trade-reason').textContent).toBe(
      'Declined by the issuer as suspected fraud',
    );
    expect(within(rowOf('a-declined-old')).getByTestId('trade-reason').textContent).toBe(
      'The card is frozen',
    );
  });

  it('names the statuses in Chinese', async () => {
    answer();
    await i18n.changeLanguage('zh-CN');
    await openPage();
    const labels = ROWS.auth.map((row) => within(rowOf(row.id)).getByTestId('trade-status').textContent);
    expect(labels).toEqual(['处理中', '已退款', '已拒绝', '已撤销', '已完成']);
    expect(screen.getByRole('tab', { name: '拒绝记录' })).toBeTruthy();
  });

  it('shows one compact line per record on a phone: merchant, amount, label · last four, time, status (issue 34 §3)', async () => {
    setWidth(390);
    answer();
    await openPage();
    expect(screen.getByTestId('records-list').dataset.layout).toBe('cards');
    expect(screen.getAllByTestId('data-card')).toHaveLength(ROWS.auth.length);
    const declined = rowOf('a-declined');
    expect(declined.dataset.testid).toBe('data-card');
    expect(within(declined).getByText('AWS')).toBeTruthy();
    expect(within(declined).getByTestId('trade-amount').textContent).toBe('-$99.00');
    expect(within(declined).getByTestId('trade-status').textContent).toBe('Declined');
    // The card by its label and last four; its serial and the record's number only in the sheet.
    expect(within(declined).getByTestId('trade-card').textContent).toBe('Meta ads · ending 4821');
    expect(declined.textContent).not.toContain('VC0001');
    expect(declined.textContent).not.toContain('a-declined');
    expect(within(declined).getByRole('time').getAttribute('datetime')).toBe(
      ROWS.auth.find((row) => row.id === 'a-declined')?.createdAt,
    );
    // The whole line opens the details, where the serial and the record number are.
    fireEvent.click(within(declined).getByTestId('trade-open'));
    const sheet = await screen.findByTestId('trade-detail');
    expect(sheet.textContent).toContain('VC0001');
    expect(sheet.textContent).toContain('a-declined');
  });
});

describe('CardRecordPage filters', () => {
  it('sends exactly the filters that are set, and pages with them', async () => {
    const { requests } = answer();
    await openPage();
    typeInto('records-filter-last4', ' 4821 ');
    typeInto('records-filter-status', 'declined');
    typeInto('records-filter-merchant', '  AWS ');
    typeInto('records-filter-start', '2026-01-01');
    typeInto('records-filter-end', '2026-01-31');
    fireEvent.submit(screen.getByTestId('records-filter'));
    await waitFor(() => expect(calls(requests, PATHS.auth)).toHaveLength(2));
    const filters = {
      last4: '4821',
      status: 'declined',
      merchant: 'AWS',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    };
    expect(formOf(calls(requests, PATHS.auth)[1])).toEqual({ ...filters, pageNo: '1', pageSize: '10' });

    fireEvent.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(calls(requests, PATHS.auth)).toHaveLength(3));
    expect(formOf(calls(requests, PATHS.auth)[2])).toEqual({ ...filters, pageNo: '2', pageSize: '10' });

    // Another tab keeps the card, merchant and dates; "declined" is no transaction status.
    openTab('Transactions');
    await waitFor(() => expect(calls(requests, PATHS.trade)).toHaveLength(1));
    const { status: _declined, ...rest } = filters;
    expect(formOf(calls(requests, PATHS.trade)[0])).toEqual({ ...rest, pageNo: '1', pageSize: '10' });
    expect(screen.getByTestId<HTMLSelectElement>('records-filter-status').value).toBe('');
  });

  it('offers the statuses of spec §4 each tab can hold', async () => {
    answer();
    await openPage();
    const options = () =>
      Array.from(screen.getByTestId<HTMLSelectElement>('records-filter-status').options).map(
        (option) => option.textContent,
      );
    expect(options()).toEqual(['All statuses', 'Pending', 'Completed', 'Declined', 'Refunded', 'Reversed']);
    openTab('Transactions');
    await screen.findByRole('tab', { name: 'Transactions', selected: true });
    expect(options()).toEqual(['All statuses', 'Pending', 'Completed', 'Refunded', 'Reversed']);
    openTab('Declines');
    await screen.findByRole('tab', { name: 'Declines', selected: true });
    expect(screen.queryByTestId('records-filter-status')).toBeNull();
  });

  it('refuses card digits that are not digits, and searches nothing', async () => {
    const { requests } = answer();
    await openPage();
    typeInto('records-filter-last4', '48a1');
    fireEvent.submit(screen.getByTestId('records-filter'));
    expect(screen.getByTestId('records-filter-last4-error').textContent).toBe(
      'Enter up to the last 4 digits of the card number',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls(requests, PATHS.auth)).toHaveLength(1);

    typeInto('records-filter-last4', '481');
    expect(screen.queryByTestId('records-filter-last4-error')).toBeNull();
  });

  it('refuses a date range that ends before it starts', async () => {
    const { requests } = answer();
    await openPage();
    typeInto('records-filter-start', '2026-02-01');
    typeInto('records-filter-end', '2026-01-01');
    fireEvent.submit(screen.getByTestId('records-filter'));
    expect(screen.getByTestId('records-filter-end-error').textContent).toBe(
      'The start date cannot be after the end date',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls(requests, PATHS.auth)).toHaveLength(1);
  });

  it('Clear goes back to all rows', async () => {
    const { requests } = answer();
    await openPage();
    typeInto('records-filter-merchant', 'AWS');
    fireEvent.submit(screen.getByTestId('records-filter'));
    await waitFor(() => expect(calls(requests, PATHS.auth)).toHaveLength(2));
    fireEvent.click(screen.getByTestId('records-filter-clear'));
    await waitFor(() => expect(calls(requests, PATHS.auth)).toHaveLength(3));
    expect(formOf(calls(requests, PATHS.auth)[2])).toEqual({ pageNo: '1', pageSize: '10' });
    expect(screen.getByTestId<HTMLInputElement>('records-filter-merchant').value).toBe('');
  });
});

describe('CardRecordPage export', () => {
  it('exports authorizations through authTransDown with the searched filters and the format', async () => {
    const { requests } = answer({ name: 'authorizations.csv' });
    await openPage();
    typeInto('records-filter-last4', '4821');
    typeInto('records-filter-status', 'pending');
    fireEvent.submit(screen.getByTestId('records-filter'));
    await waitFor(() => expect(calls(requests, PATHS.auth)).toHaveLength(2));
    // Typed but not searched: the export follows the list, not the form.
    typeInto('records-filter-merchant', 'Typed only');

    await exportAs('csv');
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [sent] = calls(requests, PATHS.authDown);
    expect(sent?.method).toBe('POST');
    expect(formOf(sent)).toEqual({ last4: '4821', status: 'pending', format: 'csv' });
    expect(sent?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(clicked[0]?.download).toBe('authorizations.csv');
    expect(clicked[0]?.href).toBe('blob:records');
    expect(toastSuccess).toHaveBeenCalledWith('Saved authorizations.csv');
    expect(calls(requests, PATHS.transDown)).toHaveLength(0);
  });

  it('exports transactions through transDown, XLSX by default', async () => {
    const { requests } = answer({ name: 'transactions.xlsx' });
    await openPage('/cardRecord?tab=trade');
    typeInto('records-filter-merchant', 'Google');
    fireEvent.submit(screen.getByTestId('records-filter'));
    await waitFor(() => expect(calls(requests, PATHS.trade)).toHaveLength(2));
    fireEvent.click(screen.getByTestId('records-filter-export'));
    const sheet = await screen.findByTestId('records-export');
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('records-export-download'));
    });
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(formOf(calls(requests, PATHS.transDown)[0])).toEqual({ merchant: 'Google', format: 'xlsx' });
    expect(calls(requests, PATHS.authDown)).toHaveLength(0);
  });

  it('exports declines through authTransDown limited to declined rows', async () => {
    const { requests } = answer({ name: 'declines.xlsx' });
    await openPage('/cardRecord?tab=refuse&last4=4821');
    await exportAs('xlsx');
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(formOf(calls(requests, PATHS.authDown)[0])).toEqual({
      last4: '4821',
      status: 'declined',
      format: 'xlsx',
    });
  });

  it('offers no export when the filters found nothing', async () => {
    stubApi(() => ({ code: 200, data: { data: [], total: 0, pageNo: 1, pageSize: 10 } }));
    await renderPage('/cardRecord', CardRecordPage);
    await screen.findByTestId('records-list-empty');
    expect(screen.queryByTestId('records-filter-export')).toBeNull();
  });

  it('says what will appear, then names the filters that found nothing, in both languages', async () => {
    stubApi(() => ({ code: 200, data: { data: [], total: 0, pageNo: 1, pageSize: 10 } }));
    await renderPage('/cardRecord', CardRecordPage);
    const text = () => screen.getByTestId('records-list-empty-text').textContent;
    await screen.findByTestId('records-list-empty');
    expect(text()).toContain('No authorizations yet');
    expect(screen.queryByTestId('empty-clear')).toBeNull();

    typeInto('records-filter-last4', '4821');
    typeInto('records-filter-status', 'declined');
    typeInto('records-filter-merchant', 'AWS');
    typeInto('records-filter-start', '2026-01-01');
    typeInto('records-filter-end', '2026-01-31');
    fireEvent.submit(screen.getByTestId('records-filter'));
    await waitFor(() =>
      expect(text()).toMatch(
        /^No authorizations with card ending 4821, status Declined and merchant containing “AWS” between 1 Jan( 2026)? and 31 Jan( 2026)?$/,
      ),
    );
    expect(screen.queryByTestId('records-filter-export')).toBeNull();

    await act(() => i18n.changeLanguage('zh-CN'));
    expect(text()).toMatch(
      /^没有 (2026年)?1月1日至(2026年)?1月31日 卡号尾号为「4821」、状态为「已拒绝」、商户包含「AWS」的授权记录$/,
    );
    fireEvent.click(screen.getByTestId('empty-clear'));
    await waitFor(() => expect(text()).toContain('暂无授权记录'));
    expect((screen.getByTestId('records-filter-merchant') as HTMLInputElement).value).toBe('');
  });

  it('keeps the sheet open and saves nothing when the export is refused', async () => {
    answer({ error: { code: 422, msg: 'Too many rows' } });
    await openPage();
    await exportAs('xlsx');
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Too many rows'));
    expect(clicked).toHaveLength(0);
    expect(screen.getByTestId('records-export')).toBeTruthy();
  });
});

describe('the team records page (/subCardRecord) export', () => {
  it('exports with the team scope and the chosen member, exactly what the list shows', async () => {
    const { requests } = stubApi((r) => {
      if (r.path === '/api/cardTrade/authTrans/pageForSub') return page(ROWS.auth, r);
      if (r.path === '/api/sub/user/enum')
        return { code: 200, data: [{ id: 'm1', subUid: 'S1', nickname: 'Ann', email: 'ann@example.com' }] };
      if (r.path === PATHS.authDown)
        return new Response('merchant,amount\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="team.csv"',
          },
        });
      return { code: 404, msg: 'no such path' };
    });
    await renderPage('/subCardRecord?subAccountId=m1', SubCardRecordPage);
    await screen.findAllByTestId('trade-row');
    await exportAs('csv');
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(formOf(calls(requests, PATHS.authDown)[0])).toEqual({
      team: '1',
      subAccountId: 'm1',
      format: 'csv',
    });
  });
});
