/**
 * The HTML of the sandbox review page (`GET /sandbox/forecasts`): one self-contained page, no
 * script (the app's CSP allows none inline, and plain forms work on every phone), inline styles
 * only. Every value that came from a customer is escaped (Hono's escaper, lib/markup.ts).
 */
import type { Lang } from '../lib/i18n';
import { translate } from '../lib/i18n';
import { escapeHtml } from '../lib/markup';
import type { ReviewItem } from '../modules/forecasts/list-review-queue';
import { REJECT_REASON_MAX } from '../modules/forecasts/review-forecast';

function dollars(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** `YYYY-MM-DD HH:mm (UTC+8)`: the product's calendar (docs/decisions.md), whatever the server's zone. */
function chinaTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)} (UTC+8)`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#1d2129}
main{max-width:760px;margin:0 auto;padding:16px}h1{font-size:1.3rem;margin:0 0 4px}.intro{color:#4e5969;margin:0 0 12px}
.notice{padding:10px 12px;border-radius:8px;margin:0 0 12px}.ok{background:#e8f7ee;color:#0e6b36}.error{background:#fdecec;color:#a11d1d}
.card{background:#fff;border-radius:12px;padding:14px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.head{display:flex;justify-content:space-between;align-items:baseline;gap:8px;flex-wrap:wrap}.amount{font-size:1.4rem;font-weight:600;font-variant-numeric:tabular-nums}
.badge{font-size:.8rem;padding:2px 8px;border-radius:999px;background:#e8f0ff;color:#1c4fc4}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:10px 0}dt{color:#4e5969}dd{margin:0;overflow-wrap:anywhere}
.proof img{display:block;max-width:100%;max-height:180px;border:1px solid #e5e6eb;border-radius:8px;margin:6px 0}
.actions{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin-top:10px}form{margin:0}
.reject{display:flex;gap:8px;flex:1 1 260px}.reject label{flex:1;display:flex;flex-direction:column;font-size:.85rem;color:#4e5969}
input{font:inherit;padding:9px 10px;border:1px solid #c9cdd4;border-radius:8px;min-width:0}
button{font:inherit;padding:9px 16px;border:0;border-radius:8px;cursor:pointer;min-height:44px}
.approve{background:#1f8a4c;color:#fff}.rejectbtn{background:#c62828;color:#fff;align-self:flex-end}a{color:#1c4fc4}`;

export interface ReviewPageState {
  items: ReviewItem[];
  notice?: { kind: 'ok' | 'error'; text: string } | undefined;
}

function card(lang: Lang, item: ReviewItem): string {
  const t = (key: string) => escapeHtml(translate(lang, `server:forecasts.review.${key}`));
  const id = encodeURIComponent(item.id);
  const row = (label: string, value: string | null) =>
    value ? `<dt>${t(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';
  return `<article class="card" aria-labelledby="f-${escapeHtml(item.id)}">
<div class="head"><span class="amount" id="f-${escapeHtml(item.id)}">${dollars(item.amount)}</span>
<span class="badge">${escapeHtml(translate(lang, `server:forecasts.status.${item.status}`))}</span></div>
<dl>${row('customer', item.email)}${row('payer', item.payerName)}${row('payerAccount', item.payerAccount)}${row(
    'bank',
    `${item.bankName}, ${item.bankArea}`,
  )}${row('transferDate', item.transferDate)}${row('bankTxnNo', item.bankTxnNo)}${row(
    'description',
    item.description,
  )}${row('updatedAt', chinaTime(item.updatedAt))}</dl>
<div class="proof"><a href="/sandbox/forecasts/${id}/proof" target="_blank" rel="noopener">${t('proof')}
<img src="/sandbox/forecasts/${id}/proof" alt="${t('proof')}" loading="lazy"></a></div>
<div class="actions">
<form method="post" action="/sandbox/forecasts/${id}/approve"><button class="approve" type="submit">${t('approve')}</button></form>
<form method="post" action="/sandbox/forecasts/${id}/reject" class="reject">
<label>${t('reason')}<input name="reason" required maxlength="${REJECT_REASON_MAX}" autocomplete="off"></label>
<button class="rejectbtn" type="submit">${t('reject')}</button></form>
</div></article>`;
}

export function reviewPage(lang: Lang, state: ReviewPageState): string {
  const t = (key: string, params: Record<string, number> = {}) =>
    escapeHtml(translate(lang, `server:forecasts.review.${key}`, params));
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
<body><main><h1>${t('title')}</h1><p class="intro">${t('intro')} <a href="/sandbox/forecasts">${t('refresh')}</a></p>
${notice}${body}</main></body></html>`;
}
