/**
 * The HTML of the sandbox payout desk (`GET /sandbox/payouts`): like the transfer review desk, one
 * self-contained page without script, plain forms (Pay / Fail with a reason), every value escaped.
 * Below the queue, the agent programme's test clock: run the jobs as if some days had passed.
 */
import type { Lang } from '../lib/i18n';
import { translate } from '../lib/i18n';
import type { PayoutItem } from '../modules/agent/payouts/list-payout-queue';
import { FAILURE_REASON_MAX } from '../modules/agent/payouts/settle-payout';
import { escapeHtml } from '../lib/markup';

function money(minor: number, currency: string): string {
  const whole = Math.floor(minor / 100).toLocaleString('en-US');
  return `${whole}.${String(minor % 100).padStart(2, '0')} ${currency}`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#1d2129}
main{max-width:760px;margin:0 auto;padding:16px}h1{font-size:1.3rem;margin:0 0 4px}h2{font-size:1.1rem;margin:20px 0 6px}.intro{color:#4e5969;margin:0 0 12px}
.notice{padding:10px 12px;border-radius:8px;margin:0 0 12px}.ok{background:#e8f7ee;color:#0e6b36}.error{background:#fdecec;color:#a11d1d}
.card{background:#fff;border-radius:12px;padding:14px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.amount{font-size:1.4rem;font-weight:600;font-variant-numeric:tabular-nums}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:10px 0}dt{color:#4e5969}dd{margin:0;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end}form{margin:0}.fail{display:flex;gap:8px;flex:1 1 260px}
.fail label{flex:1;display:flex;flex-direction:column;font-size:.85rem;color:#4e5969}
input{font:inherit;padding:9px 10px;border:1px solid #c9cdd4;border-radius:8px;min-width:0}
button{font:inherit;padding:9px 16px;border:0;border-radius:8px;cursor:pointer;min-height:44px}
.pay{background:#1f8a4c;color:#fff}.failbtn{background:#c62828;color:#fff;align-self:flex-end}.clock{background:#1c4fc4;color:#fff}a{color:#1c4fc4}`;

export interface PayoutPageState {
  items: PayoutItem[];
  notice?: { kind: 'ok' | 'error'; text: string } | undefined;
}

function card(lang: Lang, item: PayoutItem): string {
  const t = (key: string) => escapeHtml(translate(lang, `server:agent.desk.${key}`));
  const id = encodeURIComponent(item.id);
  const row = (label: string, value: string | null) =>
    value ? `<dt>${t(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';
  return `<article class="card" aria-labelledby="p-${escapeHtml(item.id)}">
<span class="amount" id="p-${escapeHtml(item.id)}">${escapeHtml(money(item.net, item.currency))}</span>
<dl>${row('agent', item.email)}${row('bank', item.bankName)}${row('card', item.cardMasked)}${row(
    'amount',
    money(item.amount, item.currency),
  )}${row('fee', money(item.fee, item.currency))}${row('requestedAt', item.createdAt)}</dl>
<div class="actions">
<form method="post" action="/sandbox/payouts/${id}/pay"><button class="pay" type="submit">${t('pay')}</button></form>
<form method="post" action="/sandbox/payouts/${id}/fail" class="fail">
<label>${t('reason')}<input name="reason" required maxlength="${FAILURE_REASON_MAX}" autocomplete="off"></label>
<button class="failbtn" type="submit">${t('fail')}</button></form>
</div></article>`;
}

export function payoutsPage(lang: Lang, state: PayoutPageState): string {
  const t = (key: string, params: Record<string, number> = {}) =>
    escapeHtml(translate(lang, `server:agent.desk.${key}`, params));
  const notice = state.notice
    ? `<p class="notice ${state.notice.kind}" role="${state.notice.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(state.notice.text)}</p>`
    : '';
  const body =
    state.items.length === 0
      ? `<p>${t('empty')}</p>`
      : `<p>${t('waiting', { count: state.items.length })}</p>${state.items.map((item) => card(lang, item)).join('\n')}`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('title')}</title><style>${STYLE}</style></head>
<body><main><h1>${t('title')}</h1><p class="intro">${t('intro')} <a href="/sandbox/payouts">${t('refresh')}</a></p>
${notice}${body}
<h2>${t('clockTitle')}</h2><p class="intro">${t('clockIntro')}</p>
<form method="post" action="/sandbox/payouts/clock" class="actions">
<label>${t('clockDays')} <input name="days" type="number" min="0" max="60" value="7" required></label>
<button class="clock" type="submit">${t('clockRun')}</button></form>
</main></body></html>`;
}
