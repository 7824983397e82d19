// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ForecastStatus, ForecastView } from '@contract/finance';
import { mainAccessGrant, subAccessGrant } from '@contract/permissions';
import { storeAccess } from '../../../lib/permissions';
import { clearStorage } from '../../../lib/storage';
import { toastSuccess } from '../../../lib/notify';
import { setWidth } from '../../../testing/browser';
import { signIn, TEST_ACCESS_TOKEN as ACCESS_TOKEN } from '../../../testing/fixtures';
import { formOf, renderPage, stubApi, type Recorded } from '../../../testing/utils';
import { FinanceAuditPage } from './FinanceAuditPage';
import { FINANCE_PATHS } from '../../../testing/finance-transfer';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

vi.setConfig({ testTimeout: 15_000 });

function forecast(id: string, status: ForecastStatus, extra: Partial<ForecastView> = {}): ForecastView {
  return {
    id,
    currency: 'USD',
    amount: 125_010,
    status,
    payerName: 'ACME Trading LLC',
    payerAccount: '000123456789',
    bankArea: 'United States',
    bankName: 'First Demo Bank',
    transferDate: '2026-01-05',
    bankTxnNo: `TX-${id}`,
    description: null,
    proofFileId: `file-${id}`,
    rejectReason: null,
    createdAt: '2026-01-05T08:00:00Z',
    updatedAt: '2026-01-06T08:00:00Z',
    canRevoke: false,
    canResubmit: false,
    ...extra,
  };
}

/** One forecast per state, with the actions the server's state machine allows for it. */
const ROWS: ForecastView[] = [
  forecast('sub', 'submitted', { canRevoke: true }),
  forecast('rej', 'rejected', {
    canResubmit: true,
    rejectReason: 'The receipt is unreadable',
    description: 'May invoice',
  }),
  forecast('app', 'approved'),
  forecast('rev', 'revoked', { canResubmit: true }),
  forecast('res', 'resubmitted', { canRevoke: true }),
];

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function answer(rows: ForecastView[] = ROWS) {
  return stubApi((r) => {
    switch (r.path) {
      case '/api/account/topup/page':
        return { code: 200, data: { data: rows, total: rows.length, pageNo: 1, pageSize: 10 } };
      case '/api/account/topup/cancel':
        return { code: 200, data: { ...ROWS[0], status: 'revoked', canRevoke: false, canResubmit: true } };
      case '/api/account/topup/submit':
        return {
          code: 200,
          data: { ...ROWS[1], status: 'resubmitted', canRevoke: true, canResubmit: false },
        };
      case '/api/file/view':
        return new Response(PNG, { status: 200, headers: { 'Content-Type': 'image/png' } });
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}

const pageRequests = (requests: Recorded[]) => requests.filter((r) => r.path === '/api/account/topup/page');

/** The row (table line) of a forecast. */
function rowOf(id: string): HTMLElement {
  const marker = screen.getAllByTestId('forecast-row').find((el) => el.dataset.forecastId === id);
  const row = marker?.closest<HTMLElement>('[data-testid="data-row"], [data-testid="data-card"]');
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

let objectUrls = 0;

beforeEach(() => {
  signIn();
  vi.mocked(toastSuccess).mockClear();
  objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:proof-${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setWidth(1024);
});

describe('FinanceAuditPage', () => {
  it('lists the forecasts with their states, and offers only the actions each state allows', async () => {
    const { requests } = answer();
    await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
    await screen.findAllByTestId('forecast-row');

    const actionsOf = (id: string) =>
      within(rowOf(id))
        .queryAllByRole('button', { name: /Revoke|Resubmit/ })
        .map((b) => b.textContent);
    expect(actionsOf('sub')).toEqual(['Revoke']);
    expect(actionsOf('rej')).toEqual(['Resubmit']);
    expect(actionsOf('app')).toEqual([]);
    expect(actionsOf('rev')).toEqual(['Resubmit']);
    expect(actionsOf('res')).toEqual(['Revoke']);

    expect(within(rowOf('rej')).getByTestId('forecast-status').textContent).toBe('Rejected');
    expect(within(rowOf('rej')).getByTestId('forecast-reason').textContent).toBe(
      'Reason: The receipt is unreadable',
    );
    expect(within(rowOf('app')).getByTestId('forecast-status').textContent).toBe('Approved');
    expect(within(rowOf('sub')).getByText('$1,250.10')).toBeTruthy();
    expect(within(rowOf('sub')).getByText('TX-sub')).toBeTruthy();
    expect(within(rowOf('sub')).getByText('2026-01-05 16:00')).toBeTruthy(); // Submitted, UTC+8.

    expect(Object.fromEntries(pageRequests(requests)[0]?.query ?? [])).toEqual({
      pageNo: '1',
      pageSize: '10',
    });
  });

  it('loads each proof with the Bearer token and shows it from an object URL', async () => {
    const { requests } = answer([ROWS[0] as ForecastView]);
    await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
    const thumb = await screen.findByRole('button', { name: 'View the proof of transfer TX-sub' });
    await waitFor(() => expect(thumb.querySelector('img')?.getAttribute('src')).toBe('blob:proof-1'));
    const view = requests.find((r) => r.path === '/api/file/view');
    expect(view?.query.get('id')).toBe('file-sub');
    expect(view?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('asks before revoking, and revokes only after the confirmation', async () => {
    const { requests } = answer();
    await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
    await screen.findAllByTestId('forecast-row');
    const revokes = () => requests.filter((r) => r.path === '/api/account/topup/cancel');

    fireEvent.click(within(rowOf('sub')).getByTestId('forecast-revoke'));
    const sheet = await screen.findByTestId('forecast-revoke-sheet');
    expect(sheet.textContent).toContain('The forecast of $1,250.10 (bank transaction TX-sub)');
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('forecast-revoke-cancel'));
    });
    expect(revokes()).toHaveLength(0);

    fireEvent.click(within(rowOf('sub')).getByTestId('forecast-revoke'));
    const again = await screen.findByTestId('forecast-revoke-sheet');
    await act(async () => {
      fireEvent.click(within(again).getByTestId('forecast-revoke-confirm'));
    });

    await waitFor(() => expect(revokes()).toHaveLength(1));
    expect(formOf(revokes()[0])).toEqual({ id: 'sub' });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Forecast revoked'));
    await waitFor(() => expect(pageRequests(requests)).toHaveLength(2)); // The list reloads.
  });

  it('resubmits a rejected forecast from its old fields, corrected, with an idempotency key', async () => {
    const { requests } = answer();
    await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
    await screen.findAllByTestId('forecast-row');

    fireEvent.click(within(rowOf('rej')).getByTestId('forecast-resubmit'));
    const sheet = await screen.findByTestId('forecast-resubmit-sheet');
    expect(within(sheet).getByTestId('resubmit-reason').textContent).toBe(
      'Reason: The receipt is unreadable',
    );
    const input = (testId: string) => within(sheet).getByTestId<HTMLInputElement>(testId);
    expect(input('forecast-amount').value).toBe('1250.10');
    expect(input('forecast-payerName').value).toBe('ACME Trading LLC');
    expect(input('forecast-transferDate').value).toBe('2026-01-05');
    expect(input('forecast-description').value).toBe('May invoice');
    // The old proof is shown until another is chosen.
    await waitFor(() =>
      expect(within(sheet).getByTestId('forecast-proof-preview').getAttribute('src')).toMatch(/^blob:proof-/),
    );

    fireEvent.change(input('forecast-bankTxnNo'), { target: { value: 'TX-rej-corrected' } });
    fireEvent.submit(within(sheet).getByTestId('forecast-form'));

    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Forecast resubmitted. We will review it again.'),
    );
    const submitted = requests.filter((r) => r.path === '/api/account/topup/submit');
    expect(submitted).toHaveLength(1);
    expect(formOf(submitted[0])).toEqual({
      id: 'rej',
      amount: '125010',
      payerName: 'ACME Trading LLC',
      payerAccount: '000123456789',
      bankArea: 'United States',
      bankName: 'First Demo Bank',
      transferDate: '2026-01-05',
      bankTxnNo: 'TX-rej-corrected',
      description: 'May invoice',
      proofFileId: 'file-rej',
    });
    expect(submitted[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('filters by state from the first page', async () => {
    const { requests } = answer();
    await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
    await screen.findAllByTestId('forecast-row');
    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(pageRequests(requests)).toHaveLength(2));
    expect(Object.fromEntries(pageRequests(requests)[1]?.query ?? [])).toEqual({
      pageNo: '1',
      pageSize: '10',
      status: 'rejected',
    });
  });

  it('shows cards with the same actions on a phone', async () => {
    setWidth(390);
    answer();
    await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
    await screen.findAllByTestId('forecast-row');
    expect(screen.getByTestId('forecast-list').dataset.layout).toBe('cards');
    expect(within(rowOf('app')).queryAllByRole('button', { name: /Revoke|Resubmit/ })).toHaveLength(0);
    expect(within(rowOf('rev')).getByTestId('forecast-resubmit')).toBeTruthy();
  });

  describe('when the list is empty', () => {
    afterEach(() => {
      clearStorage();
      signIn();
    });

    it('names the status that found nothing, and Clear filters shows every state again', async () => {
      const { requests } = answer([]);
      await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
      await screen.findByTestId('forecast-list-empty');
      fireEvent.click(screen.getByRole('tab', { name: 'Resubmitted' }));
      await waitFor(() =>
        expect(screen.getByTestId('forecast-list-empty-text').textContent).toBe(
          'No forecasts with status Resubmitted',
        ),
      );
      expect(screen.getByTestId('forecast-list-empty').dataset.filtered).toBe('true');

      fireEvent.click(screen.getByTestId('empty-clear'));
      await waitFor(() =>
        expect(screen.getByTestId('forecast-list-empty-text').textContent).toContain(
          'No transfer forecasts yet',
        ),
      );
      expect(formOf(pageRequests(requests).at(-2))).toMatchObject({ status: 'resubmitted' });
      expect(formOf(pageRequests(requests).at(-1))).not.toHaveProperty('status');
    });

    it('offers the first forecast to a user who may make one', async () => {
      storeAccess(mainAccessGrant(1));
      answer([]);
      await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
      fireEvent.click(await screen.findByTestId('forecast-list-empty-action'));
      expect(await screen.findByTestId('at-FinanceRechargeBank')).toBeTruthy();
    });

    it('offers no first forecast to a team member without the recharge pages', async () => {
      storeAccess(subAccessGrant(['finance:audit']));
      answer([]);
      await renderPage('/financeAudit', FinanceAuditPage, FINANCE_PATHS);
      await screen.findByTestId('forecast-list-empty');
      expect(screen.queryByTestId('forecast-list-empty-action')).toBeNull();
    });
  });
});
