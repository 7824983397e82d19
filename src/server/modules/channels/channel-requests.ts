/**
 * Each service's documented webhook request, and how it says it took the message (issue 32 §3).
 * Pure: the clock and the secrets come in, the request goes out; deliver-channels.ts sends it.
 *
 * - WeCom group robot: POST the webhook URL, JSON `{ msgtype: 'text', text: { content } }`; the answer
 *   `{ errcode: 0, errmsg: 'ok' }`.
 * - DingTalk custom robot: POST the webhook URL with `timestamp` (epoch milliseconds) and `sign`
 *   added to its query when the robot has a secret ("加签"): sign = url-encoded
 *   base64(HmacSHA256(key = secret, message = timestamp + "\n" + secret)); JSON
 *   `{ msgtype: 'markdown', markdown: { title, text } }`; the answer `{ errcode: 0 }`.
 * - Feishu / Lark custom bot: POST the webhook URL, JSON `{ msg_type: 'text', content: { text } }`,
 *   with a secret ("签名校验") also `timestamp` (epoch seconds, a string) and `sign` =
 *   base64(HmacSHA256(key = timestamp + "\n" + secret, message = empty)); the answer `{ code: 0 }`
 *   (older hooks `{ StatusCode: 0 }`).
 * - Telegram Bot API: POST `https://api.telegram.org/bot<token>/sendMessage`, JSON
 *   `{ chat_id, text }`; the answer `{ ok: true }`.
 */
import { createHmac } from 'node:crypto';
import type { ChannelKind } from '../../../contract/channels';

export interface ChannelText {
  title: string;
  /** Plain text lines after the title. */
  body: string;
}

/** The sealed target: a webhook URL, or a Telegram bot with its chat. */
export type StoredTarget = { url: string } | { token: string; apiOrigin: string; chatId: string };

export interface OutboundRequest {
  url: string;
  body: string;
}

export function dingtalkSign(timestampMs: string, secret: string): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

export function feishuSign(timestampSeconds: string, secret: string): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

export function buildRequest(
  kind: ChannelKind,
  target: StoredTarget,
  secret: string | null,
  text: ChannelText,
  now: Date,
): OutboundRequest {
  const plain = `${text.title}\n${text.body}`;
  if ('token' in target)
    return {
      url: `${target.apiOrigin}/bot${target.token}/sendMessage`,
      body: JSON.stringify({ chat_id: target.chatId, text: plain, disable_web_page_preview: true }),
    };
  if (kind === 'wecom')
    return { url: target.url, body: JSON.stringify({ msgtype: 'text', text: { content: plain } }) };
  if (kind === 'dingtalk') {
    const url = new URL(target.url);
    if (secret) {
      const timestamp = String(now.getTime());
      url.searchParams.set('timestamp', timestamp);
      // URLSearchParams encodes `+`, `/` and `=` of the base64 signature, as DingTalk asks.
      url.searchParams.set('sign', dingtalkSign(timestamp, secret));
    }
    const markdown = `#### ${text.title}\n\n${text.body.split('\n').join('\n\n')}`;
    return {
      url: url.toString(),
      body: JSON.stringify({ msgtype: 'markdown', markdown: { title: text.title, text: markdown } }),
    };
  }
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signed = secret ? { timestamp, sign: feishuSign(timestamp, secret) } : {};
  return { url: target.url, body: JSON.stringify({ ...signed, msg_type: 'text', content: { text: plain } }) };
}

/** Null when the service took the message, else a short reason for the log (no URL, no token). */
export function refusal(kind: ChannelKind, status: number, answer: unknown): string | null {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const said = (code: unknown, msg: unknown) =>
    `${String(code)}${typeof msg === 'string' && msg ? ` ${msg.slice(0, 120)}` : ''}`;
  if (kind === 'telegram') {
    if (status >= 200 && status < 300 && body.ok === true) return null;
    return `HTTP ${status}${body.error_code !== undefined ? ` · ${said(body.error_code, body.description)}` : ''}`;
  }
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  if (kind === 'feishu') {
    const code = body.code ?? body.StatusCode;
    return code === 0 ? null : said(code, body.msg ?? body.StatusMessage);
  }
  return body.errcode === 0 ? null : said(body.errcode, body.errmsg);
}
