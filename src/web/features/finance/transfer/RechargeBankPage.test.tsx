// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastError, toastSuccess } from '../../../lib/notify';
import { productToday } from '../../../lib/product-time';
import { typeInto } from '../../../testing/browser';
import { signIn, TEST_ACCESS_TOKEN as ACCESS_TOKEN } from '../../../testing/fixtures';
import { formOf, renderPage, stubApi, type Recorded, type Reply } from '../../../testing/utils';
import { FINANCE_PATHS, pngFile } from '../../../testing/finance-transfer';
import { RechargeBankPage } from './RechargeBankPage';

vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.mock('../../../components/ui/ImageUpload.compress', () => ({
  compressBelow: vi.fn(async (file: File) => file),
}));

vi.setConfig({ testTimeout: 15_000 });

const LIMITS = {
  channels: [],
  usdTransfer: { minAmount: 10_000, maxAmount: 100_000_000, businessOnly: true },
  canForecast: true,
};

const BANK = {
  beneficiary: 'Card Portal Ltd',
  bankName: 'Demo Bank N.A.',
  bankAddress: '1 Main Street, New York, NY',
  accountNumber: '123456789012',
  routingNumber: '021000021',
  swift: 'DEMOUS33',
  reference: 'CP-8F3K2Q',
  minAmount: 10_000,
};

const FORECAST = {
  id: 'fc-1',
  currency: 'USD',
  amount: 125_010,
  status: 'submitted',
  payerName: 'ACME Trading LLC',
  payerAccount: '000123456789',
  bankArea: 'United States',
  bankName: 'First Demo Bank',
  transferDate: '2026-01-05',
  bankTxnNo: 'FT26005ABCD',
  description: null,
  proofFileId: 'file-1',
  rejectReason: null,
  createdAt: '2026-01-05T08:00:00Z',
  updatedAt: '2026-01-05T08:00:00Z',
  canRevoke: true,
  canResubmit: false,
};

/** The page's calls; `transfer` answers the forecast itself (default: accepted). */
function answer(overrides: { limits?: typeof LIMITS; transfer?: (r: Recorded) => Reply } = {}): {
  requests: Recorded[];
} {
  return stubApi((r) => {
    switch (r.path) {
      case '/api/account/topup/amount':
        return { code: 200, data: overrides.limits ?? LIMITS };
      case '/api/account/topup/usbank':
        return { code: 200, data: BANK };
      case '/api/account/topup/upload':
        return { code: 200, data: { fileId: 'file-77', url: '/api/file/view?id=file-77' } };
      case '/api/account/topup/bankTransfer':
        return overrides.transfer?.(r) ?? { code: 200, data: FORECAST };
      default:
        return { code: 404, msg: 'no such path' };
    }
  });
}

const sent = (requests: Recorded[]) => requests.filter((r) => r.path === '/api/account/topup/bankTransfer');

async function uploadProof() {
  await act(async () => {
    fireEvent.change(screen.getByTestId('forecast-proof-input'), { target: { files: [pngFile()] } });
  });
  await waitFor(() =>
    expect(screen.getByTestId('forecast-proof-success').textContent).toBe('image uploaded successfully'),
  );
}

function fillValid() {
  typeInto('forecast-amount', '1,250.10');
  typeInto('forecast-transferDate', productToday());
  typeInto('forecast-payerName', 'ACME Trading LLC');
  typeInto('forecast-payerAccount', '000123456789');
  typeInto('forecast-bankName', 'First Demo Bank');
  typeInto('forecast-bankArea', 'United States');
  typeInto('forecast-bankTxnNo', 'FT26005ABCD');
}

const submit = () => fireEvent.submit(screen.getByTestId('forecast-form'));

/** The submit button's click guard holds for a second (spec §5). */
const pastClickGuard = () => act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));

beforeEach(() => {
  signIn();
  vi.mocked(toastError).mockClear();
  vi.mocked(toastSuccess).mockClear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RechargeBankPage: business accounts', () => {
  it('shows the receiving account with the reference, and copies a value', async () => {
    answer();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await renderPage('/FinanceRechargeBank', RechargeBankPage, FINANCE_PATHS);

    const details = await screen.findByTestId('bank-details');
    expect(within(details).getByTestId('bank-accountNumber').textContent).toBe('123456789012');
    expect(within(details).getByTestId('bank-swift').textContent).toBe('DEMOUS33');
    expect(within(details).getByTestId('bank-reference').textContent).toBe('CP-8F3K2Q');
    expect(screen.getByTestId('bank-minimum').textContent).toBe('Minimum transfer: $100.00');

    fireEvent.click(screen.getByRole('button', { name: 'Copy Reference (memo)' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Copy success'));
    expect(writeText).toHaveBeenCalledWith('CP-8F3K2Q');
  });

  it('refuses less than $100, a future date and a missing proof, and sends nothing', async () => {
    const { requests } = answer();
    await renderPage('/FinanceRechargeBank', RechargeBankPage, FINANCE_PATHS);
    await screen.findByTestId('forecast-form');
    fillValid();
    typeInto('forecast-amount', '99.99');
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    typeInto('forecast-transferDate', tomorrow);

    submit();

    expect(screen.getByTestId('forecast-amount-error').textContent).toBe(
      'The amount must be at least $100.00',
    );
    expect(screen.getByTestId('forecast-transferDate-error').textContent).toBe(
      'The transfer date cannot be in the future',
    );
    expect(screen.getByTestId('forecast-proofFileId-error').textContent).toBe('Upload the proof of transfer');
    expect(document.activeElement).toBe(screen.getByTestId('forecast-amount'));
    // The app's own picker, not the browser's date input (issue 18 §4).
    expect((screen.getByTestId('forecast-transferDate') as HTMLInputElement).type).toBe('text');
    expect(screen.getByTestId('forecast-transferDate-open')).toBeTruthy();
    await pastClickGuard();
    expect(sent(requests)).toHaveLength(0);
    expect(requests.some((r) => r.path === '/api/account/topup/upload')).toBe(false);
  });

  it('names the missing fields in the language of the page', async () => {
    answer();
    await renderPage('/FinanceRechargeBank', RechargeBankPage, FINANCE_PATHS);
    await screen.findByTestId('forecast-form');
    submit();
    expect(screen.getByTestId('forecast-payerName-error').textContent).toBe('Payer name is required');
    expect(screen.getByTestId('forecast-amount-error').textContent).toBe('Amount (USD) is required');
    expect(screen.queryByTestId('forecast-description-error')).toBeNull();
  });

  it('sends the forecast in cents with the uploaded proof, then shows the forecasts with a toast', async () => {
    const { requests } = answer();
    await renderPage('/FinanceRechargeBank', RechargeBankPage, FINANCE_PATHS);
    await screen.findByTestId('forecast-form');
    fillValid();
    await uploadProof();

    submit();

    expect(await screen.findByTestId('at-financeAudit')).toBeTruthy();
    const [request] = sent(requests);
    expect(formOf(request)).toEqual({
      amount: '125010',
      payerName: 'ACME Trading LLC',
      payerAccount: '000123456789',
      bankArea: 'United States',
      bankName: 'First Demo Bank',
      transferDate: productToday(),
      bankTxnNo: 'FT26005ABCD',
      proofFileId: 'file-77',
    });
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(toastSuccess).toHaveBeenCalledWith('Forecast submitted. We will review it shortly.');
  });

  it('reuses the idempotency key when the same forecast is retried, and makes a new one for changed fields', async () => {
    let attempts = 0;
    const { requests } = answer({
      transfer: () => (++attempts < 3 ? { code: 408 } : { code: 200, data: FORECAST }),
    });
    await renderPage('/FinanceRechargeBank', RechargeBankPage, FINANCE_PATHS);
    await screen.findByTestId('forecast-form');
    fillValid();
    await uploadProof();

    submit();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Request Timeout'));
    await pastClickGuard();
    submit();
    await waitFor(() => expect(sent(requests)).toHaveLength(2));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(2));
    expect(screen.getByTestId<HTMLInputElement>('forecast-payerName').value).toBe('ACME Trading LLC');

    await pastClickGuard();
    typeInto('forecast-payerName', 'ACME Trading Ltd');
    submit();
    expect(await screen.findByTestId('at-financeAudit')).toBeTruthy();

    const keys = sent(requests).map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('RechargeBankPage: other accounts', () => {
  it('says why there is no form when the account may not forecast, and asks for no bank details', async () => {
    const { requests } = answer({ limits: { ...LIMITS, canForecast: false } });
    await renderPage('/FinanceRechargeBank', RechargeBankPage, FINANCE_PATHS);
    expect((await screen.findByTestId('forecast-business-only')).textContent).toContain(
      'USD bank transfers are for business accounts only',
    );
    // What is true for every such account, business or personal (issue 34 §6): the business
    // verification it takes, with the way there; never "a personal account".
    const notice = screen.getByTestId('forecast-business-only');
    expect(notice.textContent).toContain('verified as a business');
    expect(notice.textContent).not.toContain('personal account');
    expect(screen.getByTestId('forecast-verify-link').getAttribute('href')).toBe('#/identity');
    expect(screen.queryByTestId('forecast-form')).toBeNull();
    expect(screen.queryByTestId('bank-details')).toBeNull();
    expect(requests.map((r) => r.path)).toEqual(['/api/account/topup/amount']);
  });
});
