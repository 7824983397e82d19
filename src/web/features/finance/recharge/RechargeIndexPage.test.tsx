// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPage, signOutAndForget, stubRechargeApi } from '../../../testing/recharge-api';
import { TEST_LIMITS } from '../../../testing/recharge-orders';

vi.mock('idb-keyval', async () => (await import('../../../testing/fixtures')).memoryIdb());

const SLOW = { timeout: 5000 };

beforeEach(() => {
  window.innerWidth = 390;
});

afterEach(async () => {
  await signOutAndForget();
  vi.unstubAllGlobals();
});

describe('recharge index', () => {
  it('/FinanceRecharge leads to the index, which shows the wallet and every way with its limits', async () => {
    stubRechargeApi();
    const { router } = openPage('/FinanceRecharge');
    await waitFor(() => expect(router.state.location.pathname).toBe('/FinanceRechargeIndex'), SLOW);
    await screen.findByTestId('recharge-index', {}, SLOW);

    const wallet = screen.getByTestId('recharge-wallet');
    await waitFor(() => expect(within(wallet).getByTestId('wallet-CNY').textContent).toBe('¥1,234.56'));
    expect(within(wallet).getByTestId('wallet-USD').textContent).toBe('$7.89');

    const wechat = await screen.findByTestId('recharge-way-wechat');
    await waitFor(() => expect(wechat.textContent).toContain('Min ¥500.00 · fee 0.6%'));
    expect(wechat.getAttribute('href')).toBe('#/FinanceRechargeOnline?channel=wechat');
    expect(screen.getByTestId('recharge-way-alipay').getAttribute('href')).toBe(
      '#/FinanceRechargeOnline?channel=alipay',
    );
    expect(screen.getByTestId('recharge-way-unionpay').textContent).toContain('Min ¥500.00 · fee 0.5%');
    const usdt = screen.getByTestId('recharge-way-usdt_trc20');
    expect(usdt.textContent).toContain('Min $110.00 · fee 1%');
    expect(usdt.textContent).toContain('TRC20 only');
    expect(screen.getByTestId('recharge-way-bank_card').getAttribute('href')).toBe(
      '#/FinanceRechargeUnionPay',
    );
    const usd = screen.getByTestId('recharge-way-usd_transfer');
    expect(usd.getAttribute('href')).toBe('#/FinanceRechargeBank');
    expect(usd.textContent).toContain('Min $100.00');
  });

  it('shows the limits the server sends, not built-in ones', async () => {
    stubRechargeApi((request) =>
      request.path === '/api/account/topup/amount'
        ? {
            code: 200,
            data: {
              ...TEST_LIMITS,
              channels: TEST_LIMITS.channels.map((rule) =>
                rule.channel === 'alipay' ? { ...rule, minAmount: 80_000, feeRateBp: 75 } : rule,
              ),
            },
          }
        : undefined,
    );
    openPage('/FinanceRechargeIndex');
    const alipay = await screen.findByTestId('recharge-way-alipay', {}, SLOW);
    await waitFor(() => expect(alipay.textContent).toContain('Min ¥800.00 · fee 0.75%'));
  });

  it('the USD transfer says business accounts only, and is no link, when the account may not forecast', async () => {
    stubRechargeApi((request) =>
      request.path === '/api/account/topup/amount'
        ? { code: 200, data: { ...TEST_LIMITS, canForecast: false } }
        : undefined,
    );
    openPage('/FinanceRechargeIndex');
    await screen.findByTestId('recharge-index', {}, SLOW);
    await waitFor(() =>
      expect(screen.getByTestId('recharge-way-usd_transfer').textContent).toContain('Business accounts only'),
    );
    const usd = screen.getByTestId('recharge-way-usd_transfer');
    expect(usd.tagName).not.toBe('A');
    expect(usd.getAttribute('aria-disabled')).toBe('true');
  });

  it('is in Chinese by default', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('zh-CN');
    stubRechargeApi();
    openPage('/FinanceRechargeIndex');
    const wechat = await screen.findByTestId('recharge-way-wechat', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1, name: '充值' })).toBeTruthy();
    await waitFor(() => expect(wechat.textContent).toContain('最低 ¥500.00 · 手续费 0.6%'));
    expect(wechat.textContent).toContain('微信支付');
  });
});
