// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowRow } from '@contract/finance';
import { toastError, toastSuccess } from '../../../lib/notify';
import { catchDownloads, setWidth, typeInto } from '../../../testing/browser';
import { signIn, TEST_ACCESS_TOKEN as ACCESS_TOKEN } from '../../../testing/fixtures';
import { formOf, renderPage, stubApi, type Recorded } from '../../../testing/utils';
import { FINANCE_PATHS } from '../../../testing/finance-transfer';
import { FinanceRecordPage } from './FinanceRecordPage';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 15_000 });

const ROWS: FlowRow[] = [
  {
    txnNo: 'T20260105170000123',
    type: 'topup',
    currency: 'CNY',
    amount: 100_000,
    balance: 150_000,
    cardSerial: null,
    label: null,
    summary: 'Top-up by WeChat Pay, order R2026010517000001',
    description: 'wechat R2026010517000001',
    createdAt: '2026-01-05T09:00:00Z',
  },
  {
    txnNo: 'T20260105170000123',
    type: 'fee',
    currency: 'CNY',
    amount: -600,
    balance: 149_400,
    cardSerial: null,
    label: null,
    summary: 'Fee for the WeChat Pay top-up, order R2026010517000001',
    description: 'wechat R2026010517000001',
    createdAt: '2026-01-05T09:00:00Z',
  },
  {
    txnNo: 'T20260106100000456',
    type: 'card_recharge',
    currency: 'USD',
    amount: -2_500,
    balance: 7_500,
    cardSerial: '0042',
    label: 'Ads',
    summary: 'Recharge of card 0042',
    description: '0042',
    createdAt: '2026-01-06T02:00:00Z',
  },
];

type FileAnswer = { disposition: string } | { error: { code: number; msg: string } };

function answer(file: FileAnswer = { disposition: `attachment; filename="flows.csv"` }, rows = ROWS) {
  return stubApi((r) => {
    if (r.path === '/api/account/flowPage') {
      const total = rows.length === 0 ? 0 : 23;
      return { code: 200, data: { data: rows, total, pageNo: Number(formOf(r).pageNo), pageSize: 10 } };
    }
    if (r.path === '/api/account/flowDown') {
      if ('error' in file) return file.error;
      return new Response('txnNo,type\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': file.disposition },
      });
    }
    return { code: 404, msg: 'no such path' };
  });
}

const flowPages = (requests: Recorded[]) => requests.filter((r) => r.path === '/api/account/flowPage');
const flowDowns = (requests: Recorded[]) => requests.filter((r) => r.path === '/api/account/flowDown');

function setFilters() {
  typeInto('flow-filter-type', 'fee');
  typeInto('flow-filter-currency', 'USD');
  typeInto('flow-filter-start', '2026-01-01');
  typeInto('flow-filter-end', '2026-01-31');
  typeInto('flow-filter-card', ' 0042 ');
  typeInto('flow-filter-txn', 'T2026');
}

const FILTERS = {
  type: 'fee',
  currency: 'USD',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  cardSerial: '0042',
  txnNo: 'T2026',
};

let clicked: HTMLAnchorElement[] = [];

beforeEach(() => {
  signIn();
  vi.mocked(toastError).mockClear();
  vi.mocked(toastSuccess).mockClear();
  clicked = catchDownloads('blob:export');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWidth(1024);
});

async function openPage() {
  const view = await renderPage('/financeRecord', FinanceRecordPage, FINANCE_PATHS);
  await screen.findAllByTestId('flow-row');
  return view;
}

describe('FinanceRecordPage', () => {
  it('shows each movement: the sentence under its type, signed and coloured amount, balance after, card, date', async () => {
    const { requests } = answer();
    await openPage();
    const [topup, fee, card] = screen.getAllByTestId('data-row');
    expect(within(topup as HTMLElement).getByTestId('flow-row').textContent).toBe(
      'Top-upTop-up by WeChat Pay, order R2026010517000001',
    );
    // The raw reference is not in the list; it waits in the details.
    expect(within(topup as HTMLElement).queryByText('wechat R2026010517000001')).toBeNull();
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toBe('Time (UTC+8)');
    const topupAmount = within(topup as HTMLElement).getByText('+¥1,000.00');
    expect(topupAmount.dataset.direction).toBe('positive');
    expect(within(topup as HTMLElement).getByText('¥1,500.00')).toBeTruthy();
    expect(within(fee as HTMLElement).getByText('-¥6.00').dataset.direction).toBe('negative');
    expect(within(card as HTMLElement).getByText('Recharge of card 0042')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('-$25.00')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('0042')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('2026-01-06 10:00')).toBeTruthy();
    expect(screen.getByTestId('flow-list-total').textContent).toBe('23 records');
    expect(formOf(flowPages(requests)[0])).toEqual({ pageNo: '1', pageSize: '10' });
    expect(flowPages(requests)[0]?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('sends exactly the filters to flowPage, and the same filters with the format to flowDown', async () => {
    const { requests } = answer({
      disposition: `attachment; filename="flows.csv"; filename*=UTF-8''%E8%B4%A2%E5%8A%A1%E6%98%8E%E7%BB%86.csv`,
    });
    await openPage();
    setFilters();
    fireEvent.submit(screen.getByTestId('flow-filter'));
    await waitFor(() => expect(flowPages(requests)).toHaveLength(2));
    expect(formOf(flowPages(requests)[1])).toEqual({ ...FILTERS, pageNo: '1', pageSize: '10' });

    // Typed but not searched: the list still shows the searched filters, and so does the export.
    typeInto('flow-filter-txn', 'T9999');
    fireEvent.click(screen.getByTestId('flow-filter-export'));
    const sheet = await screen.findByTestId('flow-export');
    fireEvent.click(within(sheet).getByTestId('flow-export-csv'));
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('flow-export-download'));
    });

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [download] = flowDowns(requests);
    expect(download?.method).toBe('GET');
    expect(Object.fromEntries(download?.query ?? [])).toEqual({ ...FILTERS, format: 'csv' });
    expect(download?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(clicked[0]?.download).toBe('财务明细.csv');
    expect(clicked[0]?.href).toBe('blob:export');
    expect(toastSuccess).toHaveBeenCalledWith('Saved 财务明细.csv');
  });

  it('exports XLSX by default, without filters when none are set', async () => {
    const { requests } = answer({ disposition: 'attachment; filename="flows.xlsx"' });
    await openPage();
    fireEvent.click(screen.getByTestId('flow-filter-export'));
    const sheet = await screen.findByTestId('flow-export');
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('flow-export-download'));
    });
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(Object.fromEntries(flowDowns(requests)[0]?.query ?? [])).toEqual({ format: 'xlsx' });
    expect(clicked[0]?.download).toBe('flows.xlsx');
  });

  it('keeps the sheet open and saves nothing when the export is refused', async () => {
    answer({ error: { code: 422, msg: 'Too many rows' } });
    await openPage();
    fireEvent.click(screen.getByTestId('flow-filter-export'));
    const sheet = await screen.findByTestId('flow-export');
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('flow-export-download'));
    });
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Too many rows'));
    expect(clicked).toHaveLength(0);
    expect(screen.getByTestId('flow-export')).toBeTruthy();
  });

  it('refuses a date range that ends before it starts, and searches nothing', async () => {
    const { requests } = answer();
    await openPage();
    typeInto('flow-filter-start', '2026-02-01');
    typeInto('flow-filter-end', '2026-01-01');
    fireEvent.submit(screen.getByTestId('flow-filter'));
    expect(screen.getByTestId('flow-filter-end-error').textContent).toBe(
      'The start date cannot be after the end date',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(flowPages(requests)).toHaveLength(1);
  });

  it('pages with the applied filters, and Clear goes back to all rows', async () => {
    const { requests } = answer();
    await openPage();
    typeInto('flow-filter-currency', 'CNY');
    fireEvent.submit(screen.getByTestId('flow-filter'));
    await waitFor(() => expect(flowPages(requests)).toHaveLength(2));

    fireEvent.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(flowPages(requests)).toHaveLength(3));
    expect(formOf(flowPages(requests)[2])).toEqual({ currency: 'CNY', pageNo: '2', pageSize: '10' });

    fireEvent.click(screen.getByTestId('flow-filter-clear'));
    await waitFor(() => expect(flowPages(requests)).toHaveLength(4));
    expect(formOf(flowPages(requests)[3])).toEqual({ pageNo: '1', pageSize: '10' });
    expect(screen.getByTestId<HTMLSelectElement>('flow-filter-currency').value).toBe('');
  });

  it('shows two-line statement rows on a phone, and a tapped row opens its details with the ids', async () => {
    setWidth(390);
    answer();
    await openPage();
    expect(screen.getByTestId('flow-list').dataset.layout).toBe('cards');
    const rows = screen.getAllByTestId('data-card');
    expect(rows).toHaveLength(3);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText('Top-up by WeChat Pay, order R2026010517000001')).toBeTruthy();
    expect(within(first).getByText('+¥1,000.00')).toBeTruthy();
    expect(within(first).getByText('2026-01-05 17:00 UTC+8')).toBeTruthy();
    expect(within(first).getByText('¥1,500.00')).toBeTruthy();

    fireEvent.click(within(first).getByRole('button'));
    const detail = await screen.findByTestId('flow-detail');
    expect(within(detail).getByTestId('flow-detail-summary').textContent).toBe(
      'Top-up by WeChat Pay, order R2026010517000001',
    );
    expect(within(detail).getByTestId('flow-detail-txn').textContent).toBe('T20260105170000123');
    expect(within(detail).getByTestId('flow-detail-reference').textContent).toBe('wechat R2026010517000001');
  });

  it('says which filters found nothing, and offers no export of zero rows', async () => {
    answer(undefined, []);
    await renderPage('/financeRecord', FinanceRecordPage, FINANCE_PATHS);
    expect((await screen.findByTestId('flow-list-empty')).textContent).toContain('No wallet movements yet');
    expect(screen.queryByTestId('flow-filter-export')).toBeNull();

    typeInto('flow-filter-type', 'fee');
    typeInto('flow-filter-currency', 'USD');
    fireEvent.click(screen.getByTestId('flow-filter-search'));
    await waitFor(() =>
      expect(screen.getByTestId('flow-list-empty').textContent).toContain(
        'No records with type Fee and currency USD',
      ),
    );
    // Clear filters, from the empty state itself, goes back to every record.
    fireEvent.click(screen.getByTestId('empty-clear'));
    await waitFor(() =>
      expect(screen.getByTestId('flow-list-empty').textContent).toContain('No wallet movements yet'),
    );
    expect((screen.getByTestId('flow-filter-type') as HTMLSelectElement).value).toBe('');
  });
});
