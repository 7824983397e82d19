/**
 * The card-spend simulator's page: plain HTML with forms, no script (the site's CSP allows no inline
 * script, and forms work on every phone). One purchase form — card, merchant, category, country,
 * amount, currency, whether the CVV matched — with two buttons (Authorize, 3-D Secure challenge),
 * then the recent authorizations with Clear, Reverse and Refund. Every value is escaped; cards are
 * shown by serial and last four digits only.
 */
import type { SpendRuleReason } from '../../contract/card-rules';
import { SPEND_RULE_REASONS } from '../../contract/card-rules';
import { REASON_RULE } from '../../contract/spending';
import { translate } from '../lib/i18n';
import { currencyCode } from '../../contract/core';
import { minorToDecimal } from '../../contract/minor-units';
import { escapeHtml } from '../lib/markup';
import { moneyText } from '../modules/topups/money-text';
import type { SimulatorAuthorization, SimulatorCard } from './card-spend-simulator';

const esc = escapeHtml;

function money(amount: number, currency: string): string {
  const code = currencyCode.safeParse(currency);
  return code.success ? moneyText(amount, code.data) : `${currency} ${amount}`;
}

function hidden(account: string): string {
  return `<input type="hidden" name="account" value="${esc(account)}">`;
}

function cardOption(card: SimulatorCard, selected: boolean): string {
  const label = `${card.serial} · •••• ${card.last4} · ${card.status} · ${money(card.balance, card.currency)} · ${card.account}`;
  return `<option value="${esc(card.cardId)}"${selected ? ' selected' : ''}${card.status === 'deleted' ? ' class="gone"' : ''}>${esc(label)}</option>`;
}

function purchaseForm(cards: SimulatorCard[], account: string, chosen: string): string {
  if (cards.length === 0)
    return '<p class="empty">No cards yet. Open one in the app (Cards → Open card), then come back.</p>';
  const currencies = ['', ...currencyCode.options]
    .map((c) => `<option value="${c}">${c === '' ? 'Card currency' : c}</option>`)
    .join('');
  return `<form class="purchase" method="post" action="/sandbox/cards/authorize">${hidden(account)}
<label>Card <select name="cardId" required>${cards.map((c) => cardOption(c, c.cardId === chosen)).join('')}</select></label>
<label>Merchant <input name="merchant" value="Demo Shop" maxlength="100" required></label>
<div class="row">
<label>Category (MCC) <input name="category" value="5734" inputmode="numeric" pattern="[0-9]{4}" size="5" required></label>
<label>Country <input name="country" value="US" pattern="[A-Za-z]{2}" size="3" required></label>
</div>
<div class="row">
<label>Amount <input name="amount" value="10.00" inputmode="decimal" pattern="[0-9]+(\\.[0-9]{1,2})?" size="10" required></label>
<label>Currency <select name="currency">${currencies}</select></label>
<label>CVV and expiry right <select name="cvvMatches"><option value="yes">yes</option><option value="no">no</option></select></label>
</div>
<p class="hint">Try category 7995 (gambling) or 6051 (crypto), country KP, an amount above the balance or above 10,000.00, or another currency to see the declines.</p>
<div class="actions"><button>Authorize</button><button class="challenge" formaction="/sandbox/cards/challenge">3-D Secure challenge</button></div>
</form>`;
}

function action(
  auth: SimulatorAuthorization,
  account: string,
  verb: string,
  label: string,
  extra = '',
): string {
  return (
    `<form method="post" action="/sandbox/cards/authorizations/${encodeURIComponent(auth.authorizationId)}/${verb}">` +
    `${hidden(account)}${extra}<button class="${verb}">${label}</button></form>`
  );
}

/**
 * A decline as the simulator shows it: the code, which of the customer's spending rules it was
 * (issue 33 §6), and the customer's text for it.
 */
export function describeDecline(reason: string): string {
  const rule = (SPEND_RULE_REASONS as readonly string[]).includes(reason)
    ? ` · spending rule: ${REASON_RULE[reason as SpendRuleReason]}`
    : '';
  return `${reason}${rule} — ${translate('en', `cards:declineReason.${reason}`)}`;
}

function authorizationItem(auth: SimulatorAuthorization, account: string): string {
  const buttons: string[] = [];
  if (auth.status === 'pending')
    buttons.push(action(auth, account, 'clear', 'Clear'), action(auth, account, 'reverse', 'Reverse'));
  const left = auth.amount - auth.refunded;
  if ((auth.status === 'completed' || auth.status === 'refunded') && left > 0) {
    const field = `<label>Amount <input name="amount" inputmode="decimal" pattern="[0-9]+(\\.[0-9]{1,2})?" size="8" placeholder="${esc(minorToDecimal(left, auth.currency))}"></label><input type="hidden" name="currency" value="${esc(auth.currency)}">`;
    buttons.push(action(auth, account, 'refund', 'Refund', field));
  }
  const refunded =
    auth.refunded > 0 ? ` <small>refunded ${esc(money(auth.refunded, auth.currency))}</small>` : '';
  const reason = auth.declineReason
    ? `<div class="meta" data-reason="${esc(auth.declineReason)}">reason: ${esc(describeDecline(auth.declineReason))}</div>`
    : '';
  return `<li class="auth">
<div class="top"><strong>${esc(auth.merchantName)}</strong> <span class="badge ${esc(auth.status)}">${esc(auth.status)}</span></div>
<div class="amount">${esc(money(auth.amount, auth.currency))}${refunded}</div>
<div class="meta">${esc(auth.cardSerial)} · •••• ${esc(auth.last4)} · ${esc(auth.account)} · ${esc(auth.createdAt)}</div>
<div class="meta">${esc(auth.authorizationId)}</div>
${reason}
<div class="actions">${buttons.join('')}</div>
</li>`;
}

export function renderCardSpendPage(
  cards: SimulatorCard[],
  authorizations: SimulatorAuthorization[],
  options: { account: string; note: string; cardId: string },
): string {
  const { account, note } = options;
  const list = authorizations.length
    ? `<ul>${authorizations.map((a) => authorizationItem(a, account)).join('')}</ul>`
    : '<p class="empty">No authorizations yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card-spend simulator · Card Portal sandbox</title>
<style>
body{font-family:system-ui,-apple-system,sans-serif;margin:0;padding:16px;background:#f5f7fa;color:#1a1a2e;max-width:760px;margin-inline:auto}
h1{font-size:20px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}p.lead{margin:0 0 16px;color:#555;font-size:14px}
form.filter{display:flex;gap:8px;margin-bottom:16px;flex-wrap:wrap}form.filter input{flex:1 1 200px}
input,select{font:inherit;padding:8px;border:1px solid #ccc;border-radius:8px;min-width:0;max-width:100%}
form.purchase{background:#fff;border-radius:12px;padding:14px;box-shadow:0 1px 3px #0001;display:grid;gap:10px}
form.purchase label{display:grid;gap:4px;font-size:13px;color:#444}.row{display:flex;gap:10px;flex-wrap:wrap}
button{font:inherit;padding:10px 16px;border:0;border-radius:8px;background:#1677ff;color:#fff;min-height:44px;cursor:pointer}
button.challenge{background:#722ed1}button.reverse{background:#8c8c8c}button.refund{background:#d46b08}button.clear{background:#389e0d}
ul{list-style:none;padding:0;margin:0;display:grid;gap:12px}
li.auth{background:#fff;border-radius:12px;padding:14px;box-shadow:0 1px 3px #0001}
.top{display:flex;justify-content:space-between;align-items:center;gap:8px}
.amount{font-size:22px;margin:6px 0}.amount small{font-size:13px;color:#666}
.meta{font-size:13px;color:#555;word-break:break-all}.hint{font-size:13px;color:#666;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}.actions form{display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.actions label{font-size:13px}
.badge{font-size:12px;padding:2px 8px;border-radius:10px;background:#e6f4ff}.badge.declined{background:#fff1f0}
.badge.completed{background:#f6ffed}.badge.reversed,.badge.refunded{background:#f5f5f5}
.note{background:#fffbe6;border:1px solid #ffe58f;padding:10px;border-radius:8px;margin-bottom:16px;word-break:break-all}
.empty{color:#666}
</style></head><body>
<h1>Card-spend simulator</h1>
<p class="lead">Demo mode only. Every button sends the signed event a card issuer would send to the server: authorizations, 3-D Secure challenges, clearing, reversals and refunds.</p>
${note ? `<p class="note" role="status">${esc(note)}</p>` : ''}
<form class="filter" method="get" action="/sandbox/cards">
<input type="email" name="account" placeholder="Account e-mail (optional)" value="${esc(account)}" aria-label="Account e-mail">
<button>Show</button></form>
<h2>Purchase</h2>
${purchaseForm(cards, account, options.cardId)}
<h2>Recent authorizations</h2>
${list}
<p><a href="/sandbox/cards${account ? `?account=${encodeURIComponent(account)}` : ''}">Refresh</a></p>
</body></html>`;
}
