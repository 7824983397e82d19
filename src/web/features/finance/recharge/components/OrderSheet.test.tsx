// @vitest-environment jsdom
/**
 * The status sheet on its own, with fake timers: polling starts and stops with the sheet, the
 * statuses show as they should, and "I have paid" asks the server.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastInfo } from '@web/lib/notify';
import { storeSession } from '@web/testing/fixtures';
import { requestsTo } from '@web/testing/utils';
import type { OrderStatus, TopupOrder } from '../api';
import { signOutAndForget, stubRechargeApi } from '../../../../testing/recharge-api';
import { testOrder } from '../../../../testing/recharge-orders';
import { OrderSheet } from './OrderSheet';

vi.mock('idb-keyval', async () => (await import('@web/testing/fixtures')).memoryIdb());
vi.mock('@web/lib/notify', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));
// The QR image itself is tested through the page; here it only needs to exist.
vi.mock('qrcode', () => ({ default: { toDataURL: async () => 'data:image/png;base64,AAAA' } }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  storeSession();
  window.innerWidth = 390;
  vi.mocked(toastInfo).mockClear();
});

afterEach(async () => {
  vi.useRealTimers();
  await signOutAndForget();
  vi.unstubAllGlobals();
});

/** Lets timers and the answers they trigger run. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function stubStatuses(statuses: OrderStatus[], base: TopupOrder) {
  let calls = 0;
  return stubRechargeApi((request) => {
    if (request.path === '/api/account/recharge/status') {
      calls += 1;
      const status = statuses[Math.min(calls - 1, statuses.length - 1)] ?? 'pending';
      return { code: 200, data: { ...base, status } };
    }
    return undefined;
  });
}

function Harness({
  order,
  visible = true,
  onClose = () => {},
  onRestart = () => {},
}: {
  order: TopupOrder;
  visible?: boolean;
  onClose?: (status: OrderStatus) => void;
  onRestart?: () => void;
}) {
  return <OrderSheet order={order} visible={visible} onClose={onClose} onRestart={onRestart} />;
}

describe('OrderSheet polling', () => {
  it('polls with back-off while open and stops when it closes', async () => {
    const order = testOrder();
    const { requests } = stubStatuses(['pending'], order);
    const view = render(<Harness order={order} />);
    await advance(1999);
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(0);
    await advance(1);
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(1);
    await advance(3000);
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(2);
    const status = requestsTo(requests, 'account/recharge/status')[0];
    expect(status?.query.get('orderId')).toBe(order.orderId);

    view.rerender(<Harness order={order} visible={false} />);
    await advance(10 * 60_000);
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(2);
  });

  it('tells the parent the last status when the customer closes it', async () => {
    const order = testOrder();
    stubStatuses(['pending'], order);
    const onClose = vi.fn();
    render(<Harness order={order} onClose={onClose} />);
    await advance(0);
    fireEvent.click(screen.getByTestId('sheet-close'));
    expect(onClose).toHaveBeenCalledWith('pending');
  });

  it('stops at the countdown’s end and shows the order as expired, with "start again"', async () => {
    const order = testOrder({ expiresAt: new Date(Date.now() + 7000).toISOString() });
    const { requests } = stubStatuses(['pending'], order);
    const onRestart = vi.fn();
    render(<Harness order={order} onRestart={onRestart} />);
    await advance(0);
    expect(screen.getByTestId('recharge-countdown').textContent).toBe('00:00:07');
    await advance(7000);
    await advance(0);
    const closed = screen.getByTestId('recharge-closed');
    expect(closed.dataset.reason).toBe('expired');
    const polls = requestsTo(requests, 'account/recharge/status').length;
    expect(polls).toBe(3); // at 2 s, 5 s and the last look at 7 s
    await advance(10 * 60_000);
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(polls);

    fireEvent.click(screen.getByTestId('recharge-restart'));
    expect(onRestart).toHaveBeenCalled();
  });

  it('shows "failed" with the reason the server gave', async () => {
    const order = testOrder();
    stubRechargeApi((request) =>
      request.path === '/api/account/recharge/status'
        ? { code: 200, data: { ...order, status: 'failed', failureReason: 'Card declined by the bank' } }
        : undefined,
    );
    render(<Harness order={order} />);
    await advance(2000);
    await advance(0);
    const closed = screen.getByTestId('recharge-closed');
    expect(closed.dataset.reason).toBe('failed');
    expect(closed.textContent).toContain('Card declined by the bank');
    expect(screen.getByTestId('recharge-restart')).toBeTruthy();
  });

  it('USDT confirming: says "confirming on chain, 1–5 minutes" and keeps polling past the payment deadline', async () => {
    const now = Date.now();
    const order = testOrder({
      channel: 'usdt_trc20',
      amount: 11_000,
      expiresAt: new Date(now + 4000).toISOString(),
      confirmAt: new Date(now + 5 * 60_000).toISOString(),
    });
    const { requests } = stubStatuses(['confirming', 'confirming', 'paid'], order);
    render(<Harness order={order} />);
    await advance(2000);
    const status = screen.getByTestId('recharge-status');
    expect(status.dataset.status).toBe('confirming');
    expect(status.textContent).toBe('Payment seen — confirming on chain, 1–5 minutes.');
    expect(screen.queryByTestId('recharge-countdown')).toBeNull();
    // The state is the sheet's first line, and "I have paid" has made way for a plain close.
    expect(status.parentElement?.firstElementChild).toBe(status);
    expect(screen.queryByTestId('recharge-check')).toBeNull();
    expect(screen.getByTestId('recharge-close-waiting').textContent).toBe('Close, keep checking');
    await advance(8000); // well past expiresAt
    await advance(0);
    expect(screen.getByTestId('recharge-success')).toBeTruthy();
    expect(requestsTo(requests, 'account/recharge/status')).toHaveLength(3);
  });
});

describe('USDT on chain (issue 34 §7)', () => {
  it('puts the progress in place of the QR code, the address and the countdown once the chain has seen it', async () => {
    const now = Date.now();
    const order = testOrder({
      channel: 'usdt_trc20',
      amount: 11_000,
      address: 'TXk6Qe1pXyZ8mFwZbG7JjVwQh3n2aL4pQr',
      network: 'TRC20',
      confirmAt: '2026-11-28T03:07:00.000Z',
    });
    stubStatuses(['pending', 'confirming'], order);
    render(<Harness order={{ ...order, expiresAt: new Date(now + 60_000).toISOString() }} />);
    await advance(0);
    // Before: something to pay with.
    expect(screen.getByTestId('recharge-address')).toBeTruthy();
    expect(screen.getByTestId('recharge-qr')).toBeTruthy();
    expect(screen.queryByTestId('recharge-chain-progress')).toBeNull();

    await advance(15_000); // a few polls: the second answer is "confirming"
    await advance(0);
    expect(screen.getByTestId('recharge-status').dataset.status).toBe('confirming');
    expect(screen.queryByTestId('recharge-address')).toBeNull();
    expect(screen.queryByTestId('recharge-qr')).toBeNull();
    expect(screen.queryByTestId('recharge-copy-address')).toBeNull();
    expect(screen.queryByTestId('recharge-copy-amount')).toBeNull();
    expect(screen.queryByTestId('recharge-save-qr')).toBeNull();
    expect(screen.queryByTestId('recharge-countdown')).toBeNull();

    const steps = within(screen.getByTestId('recharge-chain-progress')).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.state)).toEqual(['done', 'current', 'todo']);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    // The expected end, in the product's zone (03:07 UTC is 11:07 UTC+8).
    expect(steps[1]!.textContent).toContain('Expected by 11:07 UTC+8.');
    expect(screen.getByTestId('recharge-chain-note').textContent).toContain('Do not send USDT');
    // The amount and the order number stay: what was paid, and what to quote to support.
    expect(screen.getByTestId('recharge-order-amount').textContent).toContain('110.00');
    expect(screen.getByText('Amount sent')).toBeTruthy();
    expect(screen.getByTestId('recharge-order-id')).toBeTruthy();
  });

  it('leaves a confirming order of another channel as it was (only USDT is confirmed on chain)', async () => {
    const order = testOrder({ channel: 'wechat', status: 'confirming' });
    stubStatuses(['confirming'], order);
    render(<Harness order={order} />);
    await advance(0);
    expect(screen.queryByTestId('recharge-chain-progress')).toBeNull();
    expect(screen.getByTestId('recharge-qr')).toBeTruthy();
  });
});

describe('OrderSheet actions', () => {
  it('USDT: "I have paid" goes once pressed; the top line says the chain is being watched; close keeps the order', async () => {
    const order = testOrder({ channel: 'usdt_trc20', amount: 11_000 });
    stubRechargeApi((request) =>
      request.path === '/api/account/recharge/check' ? { code: 200, data: order } : undefined,
    );
    const onClose = vi.fn();
    render(<Harness order={order} onClose={onClose} />);
    await advance(0);
    const status = screen.getByTestId('recharge-status');
    expect(status.parentElement?.firstElementChild).toBe(status);
    expect(status.textContent).toBe('Waiting for your payment…');
    fireEvent.click(screen.getByTestId('recharge-check'));
    await advance(0);
    expect(screen.queryByTestId('recharge-check')).toBeNull();
    expect(screen.getByTestId('recharge-status').textContent).toContain('We are watching the chain');
    fireEvent.click(screen.getByTestId('recharge-close-waiting'));
    expect(onClose).toHaveBeenCalledWith('pending');
  });

  it('a QR channel keeps "I have paid" after a press that found nothing', async () => {
    const order = testOrder();
    stubRechargeApi((request) =>
      request.path === '/api/account/recharge/check' ? { code: 200, data: order } : undefined,
    );
    render(<Harness order={order} />);
    await advance(0);
    fireEvent.click(screen.getByTestId('recharge-check'));
    await advance(2000);
    expect(screen.getByTestId('recharge-check')).toBeTruthy();
  });

  it('"I have paid" asks recharge/check and says when nothing has arrived yet', async () => {
    const order = testOrder();
    const { requests } = stubRechargeApi((request) =>
      request.path === '/api/account/recharge/check' ? { code: 200, data: order } : undefined,
    );
    render(<Harness order={order} />);
    await advance(0);
    fireEvent.click(screen.getByTestId('recharge-check'));
    await advance(0);
    const check = requestsTo(requests, 'account/recharge/check');
    expect(check).toHaveLength(1);
    expect(new URLSearchParams(check[0]?.body).get('orderId')).toBe(order.orderId);
    expect(toastInfo).toHaveBeenCalledWith('We have not received the payment yet. It can take a minute.');
  });

  it('"I have paid" that finds the payment shows the success screen', async () => {
    const order = testOrder();
    stubRechargeApi((request) =>
      request.path === '/api/account/recharge/check'
        ? { code: 200, data: { ...order, status: 'paid' } }
        : undefined,
    );
    render(<Harness order={order} />);
    await advance(0);
    fireEvent.click(screen.getByTestId('recharge-check'));
    await advance(0);
    await advance(0);
    const success = screen.getByTestId('recharge-success');
    expect(within(success).getByTestId('recharge-success-credit').textContent).toBe('¥497.00');
  });

  it('offers "open in the app" on a phone only', async () => {
    const order = testOrder();
    stubStatuses(['pending'], order);
    const view = render(<Harness order={order} />);
    await advance(0);
    expect(screen.getByTestId('recharge-open-app').getAttribute('href')).toBe(order.deepLink);
    view.unmount();

    window.innerWidth = 1280;
    render(<Harness order={order} />);
    await advance(0);
    expect(screen.getByTestId('recharge-sheet')).toBeTruthy();
    expect(screen.queryByTestId('recharge-open-app')).toBeNull();
  });

  it('never puts a javascript: link behind "open in the app"', async () => {
    const order = testOrder({ deepLink: 'javascript:alert(1)' });
    stubStatuses(['pending'], order);
    render(<Harness order={order} />);
    await advance(0);
    expect(screen.getByTestId('recharge-sheet')).toBeTruthy();
    expect(screen.queryByTestId('recharge-open-app')).toBeNull();
  });

  it('copies the order number for QR channels', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const order = testOrder({ channel: 'alipay' });
    stubStatuses(['pending'], order);
    render(<Harness order={order} />);
    await advance(0);
    fireEvent.click(screen.getByTestId('recharge-copy-order'));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(order.orderId);
    Reflect.deleteProperty(navigator, 'clipboard');
  });
});
