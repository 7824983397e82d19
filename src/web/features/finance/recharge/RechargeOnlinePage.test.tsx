// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastSuccess } from '../../../lib/notify';
import { appStore } from '../../../lib/session';
import { walletAtom } from '../../../lib/wallet';
import { requestsTo } from '../../../testing/utils';
import { openPage, signOutAndForget, stubRechargeApi } from '../../../testing/recharge-api';
import { testOrder } from '../../../testing/recharge-orders';

vi.mock('idb-keyval', async () => (await import('../../../testing/fixtures')).memoryIdb());
vi.mock('../../../lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const SLOW = { timeout: 5000 };

beforeEach(() => {
  window.innerWidth = 390;
});

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'clipboard');
  await signOutAndForget();
  vi.unstubAllGlobals();
});

async function openOnline(channel = 'wechat') {
  const view = openPage(`/FinanceRechargeOnline?channel=${channel}`);
  await screen.findByTestId('recharge-online', {}, SLOW);
  // The limits of topup/amount are shown under the field once loaded.
  await screen.findByText(/^Min .* · max .* · fee /, {}, SLOW);
  return view;
}

function typeAmount(text: string) {
  fireEvent.change(screen.getByTestId('recharge-amount'), { target: { value: text } });
}

/** The submit button is held for 1 s after a click (spec §5 click guard). */
async function submit() {
  const button = screen.getByTestId('recharge-submit');
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 3000 });
  fireEvent.click(button);
}

/** The confirmation sheet's confirm button, once the sheet shows (issue 18 §4). */
async function confirmOrder() {
  const button = await screen.findByTestId('topup-confirm-confirm', {}, SLOW);
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 3000 });
  fireEvent.click(button);
}

/** Submit once the quote is in (the sheet repeats its figures), then confirm. */
async function submitAndConfirm() {
  await waitFor(() => expect(screen.getByTestId('recharge-fee').textContent).not.toBe('—'), SLOW);
  await submit();
  await confirmOrder();
}

describe('limits are enforced before anything is sent', () => {
  it('shows the channel limits and fee, and refuses an amount below the minimum without a request', async () => {
    const { requests } = stubRechargeApi();
    await openOnline();
    expect(screen.getByText('Min ¥500.00 · max ¥16,000.00 · fee 0.6%')).toBeTruthy();

    typeAmount('499.99');
    await submit();
    expect(await screen.findByText('The minimum top-up is ¥500.00')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600)); // longer than the quote's debounce
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);
    expect(requestsTo(requests, 'account/rechargeInfo')).toHaveLength(0);
  });

  it('refuses a malformed amount', async () => {
    const { requests } = stubRechargeApi();
    await openOnline();
    await submit();
    expect(await screen.findByText('Please enter the amount')).toBeTruthy();
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);
  });

  it('above 16000: contact customer service or use UnionPay, and nothing is sent', async () => {
    const { requests } = stubRechargeApi();
    await openOnline();
    typeAmount('16000');
    expect(screen.queryByTestId('recharge-service-notice')).toBeNull();
    typeAmount('16000.01');
    const notice = await screen.findByTestId('recharge-service-notice');
    expect(notice.textContent).toContain(
      'For more than ¥16,000.00, please contact customer service or use UnionPay.',
    );
    await submit();
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);

    fireEvent.click(within(notice).getByTestId('recharge-contact-service'));
    expect(await screen.findByTestId('service-dialog')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('service-dialog')).getByTestId('sheet-close'));

    // "Use UnionPay" switches the channel and keeps the amount, which UnionPay accepts.
    fireEvent.click(within(notice).getByTestId('recharge-use-unionpay'));
    await waitFor(() =>
      expect(screen.getByTestId('recharge-channel-tab-unionpay').getAttribute('aria-selected')).toBe('true'),
    );
    expect((screen.getByTestId('recharge-amount') as HTMLInputElement).value).toBe('16000.01');
    expect(screen.queryByTestId('recharge-service-notice')).toBeNull();
  });

  it('USDT: TRC20 only, at least 110, an hour to pay and 1–5 minutes to confirm', async () => {
    const { requests } = stubRechargeApi();
    await openOnline('usdt_trc20');
    const terms = screen.getByTestId('recharge-terms').textContent ?? '';
    expect(terms).toContain('TRC20 network only');
    expect(terms).toContain('Minimum $110.00');
    expect(terms).toContain('Pay within 1 hour; confirmation takes 1–5 minutes.');
    expect(screen.getByText('Amount (USDT)')).toBeTruthy();

    typeAmount('109.99');
    await submit();
    expect(await screen.findByText('The minimum top-up is $110.00')).toBeTruthy();
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);
  });
});

describe('quote and order', () => {
  it('shows the quote of rechargeInfo for an acceptable amount, in minor units', async () => {
    const { requests } = stubRechargeApi();
    await openOnline();
    typeAmount('500.1');
    await waitFor(() => expect(screen.getByTestId('recharge-fee').textContent).toBe('¥3.00'), SLOW);
    expect(screen.getByTestId('recharge-credit').textContent).toBe('¥497.10');
    const quote = requestsTo(requests, 'account/rechargeInfo');
    expect(quote).toHaveLength(1);
    expect(new URLSearchParams(quote[0]?.body).get('amount')).toBe('50010');
  });

  it('creates the order only after the confirmation sheet showed amount, fee and credit', async () => {
    const { requests } = stubRechargeApi((request) =>
      request.path === '/api/account/recharge/qrCreate' ? { code: 200, data: testOrder() } : undefined,
    );
    await openOnline();
    typeAmount('500');
    await waitFor(() => expect(screen.getByTestId('recharge-fee').textContent).not.toBe('—'), SLOW);
    await submit();
    const confirm = await screen.findByTestId('topup-confirm', {}, SLOW);
    expect(within(confirm).getByTestId('topup-confirm-amount').textContent).toBe('¥500.00');
    expect(within(confirm).getByTestId('topup-confirm-fee').textContent).toBe('¥3.00');
    expect(within(confirm).getByTestId('topup-confirm-credit').textContent).toBe('¥497.00');
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);

    // Back: nothing is created.
    fireEvent.click(screen.getByTestId('topup-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('topup-confirm')).toBeNull());
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(0);

    await submit();
    await confirmOrder();
    await screen.findByTestId('recharge-sheet', {}, SLOW);
    expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(1);
  });

  it('reuses the idempotency key when the same form is sent again, and makes a new one after an edit', async () => {
    let calls = 0;
    const { requests } = stubRechargeApi((request) => {
      if (request.path !== '/api/account/recharge/qrCreate') return undefined;
      calls += 1;
      if (calls === 1) return { code: 500 }; // the answer is lost: the customer presses again
      return { code: 200, data: testOrder({ orderId: `T${calls}`, amount: 50_010 }) };
    });
    await openOnline();
    typeAmount('500.1');
    await submitAndConfirm();
    await waitFor(() => expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(1));
    await confirmOrder(); // The sheet stays after a failure: confirm again.
    await screen.findByTestId('recharge-sheet', {}, SLOW);

    const [first, second] = requestsTo(requests, 'account/recharge/qrCreate');
    const key = first?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).toBe(key);
    expect(Object.fromEntries(new URLSearchParams(second?.body))).toEqual({
      channel: 'wechat',
      amount: '50010',
    });

    // A new submission (after the order exists and the amount changed) gets a new key.
    // The confirmation sheet has gone; the order's sheet is the only one left to close.
    await waitFor(() => expect(screen.getAllByTestId('sheet-close')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('sheet-close'));
    typeAmount('600');
    await submitAndConfirm();
    await waitFor(() => expect(requestsTo(requests, 'account/recharge/qrCreate')).toHaveLength(3));
    const third = requestsTo(requests, 'account/recharge/qrCreate')[2];
    expect(third?.headers.get('idempotency-key')).not.toBe(key);
  });

  it('opens the sheet with the QR code, then follows the status to paid and refreshes the wallet', async () => {
    let paid = false;
    const { requests } = stubRechargeApi((request) => {
      if (request.path === '/api/account/recharge/qrCreate') return { code: 200, data: testOrder() };
      if (request.path === '/api/account/recharge/status') {
        paid = true;
        return { code: 200, data: testOrder({ status: 'paid', paidAt: new Date().toISOString() }) };
      }
      if (request.path === '/api/user/wallet')
        return { code: 200, data: { CNY: paid ? 173_156 : 123_456, USD: 789 } };
      return undefined;
    });
    await openOnline();
    typeAmount('500');
    await submitAndConfirm();

    const sheet = await screen.findByTestId('recharge-sheet', {}, SLOW);
    expect(within(sheet).getByTestId('recharge-order-amount').textContent).toBe('¥500.00');
    expect(within(sheet).getByTestId('recharge-status').dataset.status).toBe('pending');
    const image = await within(sheet).findByTestId('recharge-qr-image', {}, SLOW);
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const save = within(sheet).getByTestId('recharge-save-qr');
    expect(save.getAttribute('download')).toBe('recharge-T20260105000001.png');
    expect(save.getAttribute('href')).toBe(image.getAttribute('src'));
    expect(within(sheet).getByTestId('recharge-countdown').textContent).toMatch(/^00:1[45]:\d\d$/);
    // A phone: the WeChat app link is offered.
    expect(within(sheet).getByTestId('recharge-open-app').getAttribute('href')).toMatch(/^weixin:\/\//);

    const walletLoadsBefore = requests.filter((r) => r.path === '/api/user/wallet').length;
    const success = await screen.findByTestId('recharge-success', {}, { timeout: 6000 });
    expect(within(success).getByTestId('recharge-success-credit').textContent).toBe('¥497.00');
    expect(within(success).getByTestId('recharge-success-fee').textContent).toBe('¥3.00');
    await waitFor(() => expect(appStore.get(walletAtom)?.CNY).toBe(173_156));
    expect(requests.filter((r) => r.path === '/api/user/wallet').length).toBe(walletLoadsBefore + 1);
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(1); // paid: polling stopped
  }, 15_000);

  it('USDT: copies the address and the amount separately', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const order = testOrder({ channel: 'usdt_trc20', amount: 11_000 });
    stubRechargeApi((request) =>
      request.path === '/api/account/recharge/qrCreate' ? { code: 200, data: order } : undefined,
    );
    await openOnline('usdt_trc20');
    typeAmount('110');
    await submitAndConfirm();
    const sheet = await screen.findByTestId('recharge-sheet', {}, SLOW);
    expect(within(sheet).getByTestId('recharge-address').textContent).toBe(order.address);

    fireEvent.click(within(sheet).getByTestId('recharge-copy-address'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(order.address));
    fireEvent.click(within(sheet).getByTestId('recharge-copy-amount'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('110.00'));
    expect(toastSuccess).toHaveBeenCalledWith('Copy success');
    expect(within(sheet).queryByTestId('recharge-open-app')).toBeNull(); // no app link for USDT
  });
});
