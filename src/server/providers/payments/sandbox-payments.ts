/**
 * The sandbox channels (demo mode only). Checkouts look like the real ones — a WeChat `weixin://`
 * pay URL, an Alipay QR link with its app link, a UnionPay QR link, a fresh TRC20 address per USDT
 * order — but nobody can pay them except the payment simulator (`/sandbox/payments`), which sends
 * the signed callback a real channel would. The sandbox channel speaks only through callbacks, so
 * `queryOrder` never has news.
 */
import { randomBytes } from 'node:crypto';
import { randomDigits } from '../../lib/crypto';
import type { ChannelSecrets } from './channel-secrets';
import { secretOf } from './channel-secrets';
import type { Checkout, CheckoutOrder, PaymentsProvider } from './payments-provider';
import { newTronAddress } from './tron-address';

/** Minor units as the plain decimal a wallet app reads: 11000 -> "110", 11050 -> "110.5". */
export function majorUnits(amount: number): string {
  const whole = Math.trunc(amount / 100);
  const cents = amount % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

export function usdtPayload(address: string, amount: number): string {
  return `tron:${address}?amount=${majorUnits(amount)}&token=USDT`;
}

function checkout(order: CheckoutOrder): Checkout {
  const token = `SBX${randomBytes(12).toString('base64url')}`;
  switch (order.channel) {
    case 'wechat': {
      const payload = `weixin://wxpay/bizpayurl?pr=${token}`;
      return { payload, deepLink: payload, address: null };
    }
    case 'alipay': {
      const payload = `https://qr.alipay.com/${token}`;
      const deepLink = `alipays://platformapi/startapp?saId=10000007&qrcode=${encodeURIComponent(payload)}`;
      return { payload, deepLink, address: null };
    }
    case 'unionpay':
      return { payload: `https://qr.95516.com/00010000/${randomDigits(20)}`, deepLink: null, address: null };
    case 'usdt_trc20': {
      const address = newTronAddress();
      return { payload: usdtPayload(address, order.amount), deepLink: null, address };
    }
    case 'bank_card':
      // No QR: the card was given with the order; the channel's reference is all there is to show.
      return { payload: `bankcard:${token}`, deepLink: null, address: null };
  }
}

export function createSandboxPayments(secrets: ChannelSecrets): PaymentsProvider {
  return {
    kind: 'sandbox',
    createCheckout: async (order) => checkout(order),
    queryOrder: async () => null,
    channelSecret: (channel) => secretOf(secrets, channel),
  };
}
