/**
 * The simulator's page: plain HTML with forms, no script (the site's CSP allows no inline script,
 * and forms work on every phone). Every value is escaped.
 */
import { currencyCode } from '../../contract/core';
import { escapeHtml } from '../lib/markup';
import { moneyText } from '../modules/topups/money-text';
import type { SimulatorOrder } from './payments-simulator';

const CHANNEL_NAMES: Record<SimulatorOrder['channel'], string> = {
  wechat: 'WeChat Pay',
  alipay: 'Alipay',
  unionpay: 'UnionPay',
  usdt_trc20: 'USDT (TRC20)',
  bank_card: 'Bank card',
};

const esc = escapeHtml;

function money(amount: number, currency: string): string {
  const code = currencyCode.safeParse(currency);
  return code.success ? moneyText(amount, code.data) : `${currency} ${amount}`;
}

function minutesFrom(iso: string, now: Date): string {
  const minutes = Math.round((Date.parse(iso) - now.getTime()) / 60_000);
  return minutes >= 0 ? `in ${minutes} min` : `${-minutes} min ago`;
}

function action(order: SimulatorOrder, account: string, verb: string, label: string, extra = ''): string {
  return (
    `<form method="post" action="/sandbox/payments/${encodeURIComponent(order.orderId)}/${verb}">` +
    `<input type="hidden" name="account" value="${esc(account)}">${extra}` +
    `<button class="${verb}">${label}</button></form>`
  );
}

function card(order: SimulatorOrder, account: string, now: Date): string {
  const buttons: string[] = [];
  if (order.status === 'pending') {
    buttons.push(
      action(order, account, 'pay', 'Pay'),
      action(order, account, 'fail', 'Fail'),
      action(order, account, 'expire', 'Expire now'),
    );
    // A wrong amount, which the server must refuse; folded away, it is rarely wanted.
    const field = `<label>Amount (minor units) <input name="amount" inputmode="numeric" pattern="[0-9]+" required size="10"></label>`;
    buttons.push(
      `<details><summary>Other amount</summary>${action(order, account, 'pay', 'Pay this amount', field)}</details>`,
    );
  }
  if (order.status === 'confirming') buttons.push(action(order, account, 'confirm', 'Confirm now'));
  const when =
    order.status === 'confirming' && order.confirmAt
      ? `confirms ${minutesFrom(order.confirmAt, now)}`
      : `expires ${minutesFrom(order.expiresAt, now)}`;
  return `<li class="order">
<div class="top"><strong>${esc(CHANNEL_NAMES[order.channel])}</strong> <span class="badge ${esc(order.status)}">${esc(order.status)}</span></div>
<div class="amount">${esc(money(order.amount, order.currency))} <small>fee ${esc(money(order.fee, order.currency))}</small></div>
<div class="meta">${esc(order.orderId)} · ${esc(order.account)} · ${esc(when)}</div>
${order.address ? `<div class="meta">TRC20 ${esc(order.address)}</div>` : ''}
${order.cardLast4 ? `<div class="meta">card •••• ${esc(order.cardLast4)}</div>` : ''}
<div class="actions">${buttons.join('')}</div>
</li>`;
}

export function renderSimulatorPage(
  orders: SimulatorOrder[],
  account: string,
  note: string,
  now: Date,
): string {
  const list = orders.length
    ? `<ul>${orders.map((o) => card(o, account, now)).join('')}</ul>`
    : '<p class="empty">No open orders. Create one in the app (Finance → Recharge).</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment simulator · Card Portal sandbox</title>
<style>
body{font-family:system-ui,-apple-system,sans-serif;margin:0;padding:16px;background:#f5f7fa;color:#1a1a2e;max-width:720px;margin-inline:auto}
h1{font-size:20px;margin:0 0 4px}p.lead{margin:0 0 16px;color:#555;font-size:14px}
form.filter{display:flex;gap:8px;margin-bottom:16px;flex-wrap:wrap}
input{font:inherit;padding:8px;border:1px solid #ccc;border-radius:8px;min-width:0}
form.filter input{flex:1 1 200px}
button{font:inherit;padding:10px 16px;border:0;border-radius:8px;background:#1677ff;color:#fff;min-height:44px;cursor:pointer}
button.fail{background:#d4380d}button.expire{background:#8c8c8c}button.confirm{background:#389e0d}
ul{list-style:none;padding:0;margin:0;display:grid;gap:12px}
li.order{background:#fff;border-radius:12px;padding:14px;box-shadow:0 1px 3px #0001}
.top{display:flex;justify-content:space-between;align-items:center}
.amount{font-size:22px;margin:6px 0}.amount small{font-size:13px;color:#666}
.meta{font-size:13px;color:#555;word-break:break-all}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}.actions form{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.actions label{font-size:13px}details{flex-basis:100%}summary{cursor:pointer;font-size:14px;color:#1677ff;padding:6px 0}
.badge{font-size:12px;padding:2px 8px;border-radius:10px;background:#e6f4ff}.badge.confirming{background:#fff7e6}
.note{background:#fffbe6;border:1px solid #ffe58f;padding:10px;border-radius:8px;margin-bottom:16px;word-break:break-all}
.empty{color:#666}
</style></head><body>
<h1>Payment simulator</h1>
<p class="lead">Demo mode only. Pay and Fail send the channel’s signed callback to the server, like a real channel.</p>
${note ? `<p class="note" role="status">${esc(note)}</p>` : ''}
<form class="filter" method="get" action="/sandbox/payments">
<input type="email" name="account" placeholder="Account e-mail (optional)" value="${esc(account)}" aria-label="Account e-mail">
<button>Show</button></form>
${list}
<p><a href="/sandbox/payments${account ? `?account=${encodeURIComponent(account)}` : ''}">Refresh</a></p>
</body></html>`;
}
