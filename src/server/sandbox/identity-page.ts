/**
 * The HTML of the sandbox identity review desk (`GET /sandbox/identity`): like the transfer desk,
 * one page without script, plain forms, every customer value escaped. The reviewer starts a review,
 * approves (optionally with an earlier expiry, to try the reminder), rejects (with a reason, final
 * or resubmittable) or asks for one more item.
 */
import { ITEM_FIELDS } from '../../contract/identity-rules';
import type { Lang } from '../lib/i18n';
import { translate } from '../lib/i18n';
import type { IdentityReviewItem } from '../modules/identity/list-review-queue';
import { NOTE_MAX } from '../modules/identity/review-order';
import { escapeHtml } from '../lib/markup';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#1d2129}
main{max-width:760px;margin:0 auto;padding:16px}h1{font-size:1.3rem;margin:0 0 4px}.intro{color:#4e5969;margin:0 0 12px}
.notice{padding:10px 12px;border-radius:8px;margin:0 0 12px}.ok{background:#e8f7ee;color:#0e6b36}.error{background:#fdecec;color:#a11d1d}
.card{background:#fff;border-radius:12px;padding:14px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.head{display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}.who{font-weight:600}
.badge{font-size:.8rem;padding:2px 8px;border-radius:999px;background:#e8f0ff;color:#1c4fc4}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:10px 0}dt{color:#4e5969}dd{margin:0;overflow-wrap:anywhere}
.docs{display:flex;flex-wrap:wrap;gap:8px}.docs img{max-height:110px;max-width:160px;border:1px solid #e5e6eb;border-radius:8px}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:10px 0 0}label{display:flex;flex-direction:column;font-size:.85rem;color:#4e5969;flex:1 1 180px}
input,select{font:inherit;padding:9px 10px;border:1px solid #c9cdd4;border-radius:8px;min-width:0}
button{font:inherit;padding:9px 16px;border:0;border-radius:8px;cursor:pointer;min-height:44px;background:#1c4fc4;color:#fff}
.approve{background:#1f8a4c}.reject{background:#c62828}a{color:#1c4fc4}ul{margin:6px 0;padding-left:20px}`;

export interface IdentityDeskState {
  items: IdentityReviewItem[];
  notice?: { kind: 'ok' | 'error'; text: string } | undefined;
}

function card(lang: Lang, entry: IdentityReviewItem): string {
  const t = (key: string) => escapeHtml(translate(lang, `server:identity.desk.${key}`));
  const field = (key: string) => escapeHtml(translate(lang, `server:identity.fields.${key}`));
  const { order } = entry;
  const id = encodeURIComponent(order.id);
  const row = (label: string, value: string | null) =>
    value ? `<dt>${field(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';
  const docs = (['idFrontFileId', 'idBackFileId', 'selfieFileId', 'licenceFileId'] as const)
    .filter((key) => order[key] !== null)
    .map(
      (key) =>
        `<a href="/sandbox/identity/${id}/file/${key}" target="_blank" rel="noopener"><img src="/sandbox/identity/${id}/file/${key}" alt="${field(key)}" loading="lazy"></a>`,
    )
    .join('');
  const items = entry.items
    .map(
      (item) =>
        `<li>${field(item.field)}: ${escapeHtml(item.question)} — ${
          item.answeredAt ? `${t('answered')} ${escapeHtml(item.answerText ?? '')}` : t('open')
        }</li>`,
    )
    .join('');
  const options = ITEM_FIELDS.map((key) => `<option value="${key}">${field(key)}</option>`).join('');
  const decide =
    order.status === 'needs_info'
      ? `<p>${t('waitingAnswers')}</p>`
      : `${order.status === 'submitted' ? `<form method="post" action="/sandbox/identity/${id}/start"><button type="submit">${t('start')}</button></form>` : ''}
<form method="post" action="/sandbox/identity/${id}/approve"><label>${t('expiresAt')}<input type="date" name="expiresAt"></label><button class="approve" type="submit">${t('approve')}</button></form>
<form method="post" action="/sandbox/identity/${id}/reject"><label>${t('reason')}<input name="reason" required maxlength="${NOTE_MAX}" autocomplete="off"></label>
<label>${t('resubmittable')}<select name="resubmittable"><option value="1">${t('yes')}</option><option value="0">${t('no')}</option></select></label><button class="reject" type="submit">${t('reject')}</button></form>
<form method="post" action="/sandbox/identity/${id}/ask"><label>${t('item')}<select name="field">${options}</select></label>
<label>${t('question')}<input name="question" required maxlength="${NOTE_MAX}" autocomplete="off"></label><button type="submit">${t('ask')}</button></form>`;
  return `<article class="card"><div class="head"><span class="who">${escapeHtml(entry.email)} · ${escapeHtml(
    translate(lang, `server:identity.kind.${order.kind}`),
  )}</span><span class="badge">${escapeHtml(translate(lang, `server:identity.status.${order.status}`))}</span></div>
<dl>${row('companyName', order.companyName)}${row('registrationNumber', order.registrationNumber)}${row('personName', order.personName)}${row(
    'idType',
    order.idType ? translate(lang, `server:identity.idType.${order.idType}`) : null,
  )}${row('idNumber', order.idNumber)}${row('idExpiresOn', order.idExpiresOn)}</dl>
<div class="docs">${docs}</div>${items ? `<ul>${items}</ul>` : ''}${decide}</article>`;
}

export function identityDeskPage(lang: Lang, state: IdentityDeskState): string {
  const t = (key: string, params: Record<string, number> = {}) =>
    escapeHtml(translate(lang, `server:identity.desk.${key}`, params));
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
<body><main><h1>${t('title')}</h1><p class="intro">${t('intro')} <a href="/sandbox/identity">${t('refresh')}</a></p>
${notice}${body}</main></body></html>`;
}
