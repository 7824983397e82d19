// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { requestsTo } from '../../../testing/utils';
import { openPage, signOutAndForget, stubRechargeApi } from '../../../testing/recharge-api';
import { testOrder } from '../../../testing/recharge-orders';

vi.mock('idb-keyval', async () => (await import('../../../testing/fixtures')).memoryIdb());
vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const SLOW = { timeout: 5000 };
const CARD = '6222021234567890003'; // passes Luhn
const BAD_CARD = '6222021234567890004'; // one digit off

beforeEach(() => {
  window.innerWidth = 390;
});

afterEach(async () => {
  await signOutAndForget();
  vi.unstubAllGlobals();
});

async function openCardPage() {
  openPage('/FinanceRechargeUnionPay');
  await screen.findByTestId('recharge-unionpay', {}, SLOW);
  await screen.findByText('Min ¥500.00 · max ¥50,000.00 · fee 0.5%', {}, SLOW);
}

function fill(amount: string, card: string, code: string) {
  fireEvent.change(screen.getByTestId('recharge-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('recharge-card-no'), { target: { value: card } });
  fireEvent.change(screen.getByTestId('recharge-code'), { target: { value: code } });
}

async function submit() {
  const button = screen.getByTestId('recharge-submit');
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 3000 });
  fireEvent.click(button);
}

/** Submit once the quote is in, then confirm on the sheet that repeats it (issue 18 §4). */
async function submitAndConfirm() {
  await waitFor(() => expect(screen.getByTestId('recharge-fee').textContent).not.toBe('—'), SLOW);
  await submit();
  await confirmOrder();
}

async function confirmOrder() {
  const button = await screen.findByTestId('topup-confirm-confirm', {}, SLOW);
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 3000 });
  fireEvent.click(button);
}

/** Every value the browser keeps for this origin, as one string. */
function browserStorage(): string {
  const dump = (storage: Storage) =>
    Array.from({ length: storage.length }, (_, i) => {
      const key = storage.key(i) ?? '';
      return `${key}=${storage.getItem(key) ?? ''}`;
    }).join('\n');
  return `${dump(localStorage)}\n${dump(sessionStorage)}\n${document.cookie}`;
}

describe('bank card page', () => {
  it('refuses a card number that fails the Luhn check, without sending anything', async () => {
    const { requests } = stubRechargeApi();
    await openCardPage();
    fill('500', BAD_CARD, '123456');
    await submit();
    expect(await screen.findByText('This card number is not valid. Please check it')).toBeTruthy();
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);
  });

  it('refuses too few digits and a missing code, and an amount under 500', async () => {
    const { requests } = stubRechargeApi();
    await openCardPage();
    fill('499', '411111111111', '');
    await submit();
    expect(await screen.findByText('The minimum top-up is ¥500.00')).toBeTruthy();
    expect(screen.getByText('A card number has 13 to 19 digits')).toBeTruthy();
    expect(screen.getByText('Please enter the 6-digit code')).toBeTruthy();
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);
  });

  it('shows the number grouped by four as it is typed', async () => {
    stubRechargeApi();
    await openCardPage();
    fireEvent.change(screen.getByTestId('recharge-card-no'), { target: { value: '6222-0212 3456' } });
    expect((screen.getByTestId('recharge-card-no') as HTMLInputElement).value).toBe('6222 0212 3456');
  });

  it('sends the code request with the send-code button and counts down 60 s', async () => {
    const { requests } = stubRechargeApi((request) =>
      request.path === '/api/account/recharge/getCode' ? { code: 200, data: null } : undefined,
    );
    await openCardPage();
    fireEvent.click(screen.getByTestId('recharge-send-code'));
    await waitFor(() => expect(requestsTo(requests, 'account/recharge/getCode')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId('recharge-send-code').textContent).toMatch(/Resend in (60|59)s/),
    );
  });

  it('sends bank_card with amount, code and card number, then forgets the card number everywhere', async () => {
    const order = testOrder({ channel: 'bank_card', orderId: 'B1' });
    const { requests } = stubRechargeApi((request) =>
      request.path === '/api/account/recharge/qrCreate' ? { code: 200, data: order } : undefined,
    );
    await openCardPage();
    fill('500', CARD, '123456');
    await submitAndConfirm();

    const sheet = await screen.findByTestId('recharge-sheet', {}, SLOW);
    const [create] = requestsTo(requests, 'account/recharge/qrCreate');
    expect(Object.fromEntries(new URLSearchParams(create?.body))).toEqual({
      channel: 'bank_card',
      amount: '50000',
      code: '123456',
      cardNo: CARD,
    });
    expect(create?.headers.get('idempotency-key')).toBeTruthy();
    expect(within(sheet).getByText(/card ending 0005/)).toBeTruthy();
    expect(within(sheet).queryByTestId('recharge-qr')).toBeNull();

    expect((screen.getByTestId('recharge-card-no') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('recharge-code') as HTMLInputElement).value).toBe('');
    expect(browserStorage()).not.toContain(CARD);
    expect(browserStorage()).not.toContain(CARD.slice(0, 12));
    // Nor in the query or mutation caches (they live as long as the session).
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryKey, query.state.data]),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables),
    ]);
    expect(cached).not.toContain(CARD);
  });

  it('keeps the form as typed when the request fails, and retries with the same key', async () => {
    let calls = 0;
    const { requests } = stubRechargeApi((request) => {
      if (request.path !== '/api/account/recharge/qrCreate') return undefined;
      calls += 1;
      return calls === 1 ? { code: 408 } : { code: 200, data: testOrder({ channel: 'bank_card' }) };
    });
    await openCardPage();
    fill('500', CARD, '123456');
    await submitAndConfirm();
    await waitFor(() => expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(1));
    expect((screen.getByTestId('recharge-card-no') as HTMLInputElement).value).toBe(
      '6222 0212 3456 7890 003',
    );
    await confirmOrder();
    await screen.findByTestId('recharge-sheet', {}, SLOW);
    const [first, second] = requestsTo(requests, 'account/recharge/qrCreate');
    expect(second?.headers.get('idempotency-key')).toBe(first?.headers.get('idempotency-key'));
  });

  it('says when the per-bank limits image is not available', async () => {
    stubRechargeApi();
    await openCardPage();
    expect(await screen.findByText('The bank limits are not available right now.', {}, SLOW)).toBeTruthy();
  });
});
