/**
 * Where a channel may send (issue 32 §3). A webhook URL is typed in by the customer and the server
 * then POSTs to it, so an unchecked one would make the server a request forger aimed at its own
 * network. Only each service's own public host is accepted, https on the default port, as the
 * services document their bots:
 * - WeCom group robot: `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`
 * - DingTalk custom robot: `https://oapi.dingtalk.com/robot/send?access_token=…`
 * - Feishu / Lark custom bot: `https://open.feishu.cn/open-apis/bot/v2/hook/…`,
 *   `https://open.larksuite.com/open-apis/bot/v2/hook/…`
 * - Telegram Bot API: `https://api.telegram.org/bot<token>/sendMessage`
 * An address literal or any other host (internal names, 127.0.0.1, 10.x, metadata services) is
 * refused by construction. `CHANNEL_SERVICE_ORIGINS` adds exact origins (the tests' local servers);
 * nothing else widens the list. Redirects are not followed when sending (deliver-channels.ts).
 */
import type { ChannelKind } from '../../../contract/channels';
import type { AppContext } from '../../context';

export const CHANNEL_SERVICE_HOSTS: Record<ChannelKind, readonly string[]> = {
  wecom: ['qyapi.weixin.qq.com'],
  dingtalk: ['oapi.dingtalk.com'],
  feishu: ['open.feishu.cn', 'open.larksuite.com'],
  telegram: ['api.telegram.org'],
};

/** The path each service's webhook has (a pasted address of another page is refused early). */
const WEBHOOK_PATHS: Record<Exclude<ChannelKind, 'telegram'>, RegExp> = {
  wecom: /^\/cgi-bin\/webhook\/send$/,
  dingtalk: /^\/robot\/send$/,
  feishu: /^\/open-apis\/bot\/v2\/hook\/[A-Za-z0-9_-]{8,100}$/,
};
/** The query parameter that carries the bot's token. */
const TOKEN_PARAMS: Partial<Record<ChannelKind, string>> = { wecom: 'key', dingtalk: 'access_token' };

export function acceptableOrigin(ctx: AppContext, kind: ChannelKind, url: URL): boolean {
  if (url.username || url.password) return false;
  if (ctx.env.CHANNEL_SERVICE_ORIGINS.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    CHANNEL_SERVICE_HOSTS[kind].includes(url.hostname.toLowerCase())
  );
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** A WeCom, DingTalk or Feishu webhook the channel may send to, or null. */
export function acceptableWebhook(
  ctx: AppContext,
  kind: Exclude<ChannelKind, 'telegram'>,
  text: string,
): URL | null {
  const url = parseUrl(text);
  if (!url || !acceptableOrigin(ctx, kind, url) || url.hash) return null;
  if (!WEBHOOK_PATHS[kind].test(url.pathname)) return null;
  const param = TOKEN_PARAMS[kind];
  if (param && !/^[A-Za-z0-9_-]{8,200}$/.test(url.searchParams.get(param) ?? '')) return null;
  return url;
}

export interface TelegramTarget {
  token: string;
  apiOrigin: string;
}

const TELEGRAM_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/;
export const TELEGRAM_API_ORIGIN = 'https://api.telegram.org';

/**
 * A Telegram bot: its token as BotFather gives it, or the API address with it
 * (`https://api.telegram.org/bot<token>` or `…/sendMessage`), or null.
 */
export function acceptableTelegram(ctx: AppContext, text: string): TelegramTarget | null {
  if (TELEGRAM_TOKEN.test(text)) return { token: text, apiOrigin: TELEGRAM_API_ORIGIN };
  const url = parseUrl(text);
  if (!url || !acceptableOrigin(ctx, 'telegram', url) || url.search || url.hash) return null;
  const match = /^\/bot([^/]+)(\/sendMessage)?\/?$/.exec(url.pathname);
  if (!match || !TELEGRAM_TOKEN.test(match[1]!)) return null;
  return { token: match[1]!, apiOrigin: url.origin };
}

/** What the customer is shown of a target: the host and the last four characters of the token. */
export function targetHint(host: string, token: string): string {
  return `${host} · …${token.slice(-4)}`;
}
