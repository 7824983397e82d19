/**
 * The messenger services of issue 32 §3 for tests: one local HTTP server that answers as each
 * service's bot webhook does, and checks each request the way that service checks it —
 * - WeCom group robot `POST /cgi-bin/webhook/send?key=…`: JSON, `msgtype` text or markdown with its
 *   `content`; answers `{ errcode: 0, errmsg: 'ok' }`.
 * - DingTalk custom robot `POST /robot/send?access_token=…&timestamp=…&sign=…`: the timestamp
 *   (milliseconds) within an hour, `sign` = base64(HmacSHA256(secret, timestamp + "\n" + secret));
 *   a wrong one answers `{ errcode: 310000, errmsg: 'sign not match' }` as DingTalk does.
 * - Feishu custom bot `POST /open-apis/bot/v2/hook/<id>`: body `timestamp` (seconds) within an hour and
 *   `sign` = base64(HmacSHA256(key = timestamp + "\n" + secret, empty message)); a wrong one answers
 *   `{ code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' }`.
 * - Telegram `POST /bot<token>/sendMessage`: JSON `chat_id` and `text`; answers `{ ok: true }`, an
 *   unknown token `{ ok: false, error_code: 401 }` with 401.
 * The signatures are computed here independently of the product's code. `failNext(n)` makes the
 * next n requests answer 500 (a service that is down).
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotRequest {
  service: 'wecom' | 'dingtalk' | 'feishu' | 'telegram' | 'unknown';
  path: string;
  query: Record<string, string>;
  contentType: string;
  body: Record<string, unknown>;
  /** The service's own check of the signature: true, false, or null where the request carries none. */
  signed: boolean | null;
  /** What the server answered. */
  status: number;
}

export interface BotServers {
  origin: string;
  received: BotRequest[];
  /** The next n requests answer 500. */
  failNext(n: number): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<BotRequest[]>;
  close(): Promise<void>;
}

export const BOT_SECRETS = {
  dingtalk: 'SECdingtalk-test-secret-0123456789abcdef',
  feishu: 'feishu-test-secret-0123',
  telegramToken: '123456789:AAH-test-token_abcdefghijklmnopqrstu',
} as const;

const HOUR_MS = 3_600_000;

function hmacBase64(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startBotServers(
  secrets: { dingtalk?: string; feishu?: string; telegramToken?: string } = BOT_SECRETS,
  listenOn = 0,
): Promise<BotServers> {
  const received: BotRequest[] = [];
  let failing = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const text = await readBody(req);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const query = Object.fromEntries(url.searchParams);
      const record: BotRequest = {
        service: 'unknown',
        path: url.pathname,
        query,
        contentType: req.headers['content-type'] ?? '',
        body,
        signed: null,
        status: 200,
      };
      const reply = (status: number, payload: unknown) => {
        record.status = status;
        received.push(record);
        answer(res, status, payload);
        for (const waiter of waiters.filter((w) => received.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      };
      if (req.method !== 'POST') return reply(405, {});
      if (url.pathname === '/cgi-bin/webhook/send') record.service = 'wecom';
      else if (url.pathname === '/robot/send') record.service = 'dingtalk';
      else if (url.pathname.startsWith('/open-apis/bot/v2/hook/')) record.service = 'feishu';
      else if (/^\/bot[^/]+\/sendMessage$/.test(url.pathname)) record.service = 'telegram';
      if (failing > 0) {
        failing -= 1;
        return reply(500, { error: 'down' });
      }
      const now = Date.now();
      if (record.service === 'wecom') {
        const kind = body.msgtype;
        const part = (kind === 'text' || kind === 'markdown' ? body[kind] : null) as {
          content?: unknown;
        } | null;
        if (!query.key || typeof part?.content !== 'string')
          return reply(200, { errcode: 40008, errmsg: 'invalid message type' });
        return reply(200, { errcode: 0, errmsg: 'ok' });
      }
      if (record.service === 'dingtalk') {
        if (query.timestamp !== undefined || query.sign !== undefined) {
          const ts = query.timestamp ?? '';
          record.signed =
            secrets.dingtalk !== undefined &&
            Math.abs(now - Number(ts)) < HOUR_MS &&
            query.sign === hmacBase64(secrets.dingtalk, `${ts}\n${secrets.dingtalk}`);
          if (!record.signed) return reply(200, { errcode: 310000, errmsg: 'sign not match' });
        }
        const markdown = body.markdown as { title?: unknown; text?: unknown } | undefined;
        if (
          !query.access_token ||
          body.msgtype !== 'markdown' ||
          typeof markdown?.title !== 'string' ||
          typeof markdown.text !== 'string'
        )
          return reply(200, { errcode: 40035, errmsg: 'missing parameter' });
        return reply(200, { errcode: 0, errmsg: 'ok' });
      }
      if (record.service === 'feishu') {
        if (body.timestamp !== undefined || body.sign !== undefined) {
          const ts = String(body.timestamp);
          record.signed =
            secrets.feishu !== undefined &&
            typeof body.timestamp === 'string' &&
            Math.abs(now / 1000 - Number(ts)) < HOUR_MS / 1000 &&
            body.sign === createHmac('sha256', `${ts}\n${secrets.feishu}`).update('').digest('base64');
          if (!record.signed)
            return reply(200, {
              code: 19021,
              msg: 'sign match fail or timestamp is not within one hour from current time',
            });
        }
        const content = body.content as { text?: unknown } | undefined;
        if (body.msg_type !== 'text' || typeof content?.text !== 'string')
          return reply(200, { code: 9499, msg: 'Bad Request' });
        return reply(200, { code: 0, msg: 'success', data: {} });
      }
      if (record.service === 'telegram') {
        const token = url.pathname.slice(4, -'/sendMessage'.length);
        if (token !== secrets.telegramToken)
          return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
        if (body.chat_id === undefined || typeof body.text !== 'string')
          return reply(400, {
            ok: false,
            error_code: 400,
            description: 'Bad Request: message text is empty',
          });
        return reply(200, { ok: true, result: { message_id: received.length + 1 } });
      }
      return reply(404, {});
    })();
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    failNext: (n) => {
      failing = n;
    },
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} bot requests`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
