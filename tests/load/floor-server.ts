/**
 * The floor of a read (issue 19 §1): a bare `node:http` server that answers `/api/user/info`,
 * `/api/account/flowPage`, `/api/card/page`, `/api/card/pageForSub` and `/api/cardGroup/page` with
 * the same database statements as the portal —
 * the same operations, driver and pool, the same input schema — and nothing else: no framework, no
 * middleware, no compression, no operation log. The benchmark runs it on the same database as the
 * portal, one after the other, and prints the portal's figures as a ratio to it, which stays
 * meaningful on a host whose speed moves from day to day.
 *
 * The two money paths (issue 33 §7) are here too, as the portal does them: a payment channel's
 * signed confirmation (`POST /api/pay/notify/:channel`, receiveCallback) and the issuer's signed
 * authorization (`POST /api/issuer/events`, receiveIssuerEvent) — the same signature check over the
 * raw body and the same transaction, answered with the same outcome codes, without Hono.
 *
 * Run as its own process: `node --import tsx tests/load/floor-server.ts` with PORT, DATA_DIR and
 * DATABASE_URL as the server takes them. Traffic comes only from the benchmark on loopback.
 */
import http from 'node:http';
import type { z } from 'zod';
import { cardGroupPage } from '../../src/contract/card-groups';
import { cardPage, cardPageForSub } from '../../src/contract/cards';
import { flowPage } from '../../src/contract/finance';
import { buildContext } from '../../src/server/bootstrap';
import type { AppContext } from '../../src/server/context';
import { loadEnv } from '../../src/server/env';
import { readUserInfo } from '../../src/server/modules/account/profile/read-user-info';
import { listGroups } from '../../src/server/modules/card-groups/list-groups';
import { ownerOf } from '../../src/server/modules/cards/card-access';
import { listCards, pageScope, subPageScope } from '../../src/server/modules/cards/list/list-cards';
import { readFlowPage } from '../../src/server/modules/flows/read-flow-page';
import { httpStatusFor } from '../../src/server/lib/envelope';
import { authenticate } from '../../src/server/lib/session';
import { CALLBACK_OUTCOMES } from '../../src/server/modules/topups/callbacks/callback-log';
import { receiveCallback } from '../../src/server/modules/topups/callbacks/receive-callback';
import { ISSUER_OUTCOMES } from '../../src/server/modules/card-spend/event-outcomes';
import { receiveIssuerEvent } from '../../src/server/modules/card-spend/events/receive-issuer-event';
import { SIGNATURE_HEADER } from '../../src/server/providers/payments/signature';

type Answer = (ctx: AppContext, token: string, input: Record<string, string>) => Promise<unknown>;

const parse = <S extends z.ZodType>(schema: S, input: Record<string, string>): z.output<S> =>
  schema.parse(input);

const ROUTES: Record<string, Answer> = {
  'GET /api/user/info': async (ctx, token) => readUserInfo(ctx, await authenticate(ctx, token)),
  'POST /api/account/flowPage': async (ctx, token, input) =>
    readFlowPage(ctx, (await authenticate(ctx, token)).accountId, parse(flowPage.request, input), 'zh-CN'),
  'GET /api/card/page': async (ctx, token, input) =>
    listCards(ctx, pageScope(await authenticate(ctx, token)), parse(cardPage.request, input), 'zh-CN'),
  'GET /api/cardGroup/page': async (ctx, token, input) =>
    listGroups(ctx, ownerOf(await authenticate(ctx, token)), parse(cardGroupPage.request, input)),
  'GET /api/card/pageForSub': async (ctx, token, input) => {
    const query = parse(cardPageForSub.request, input);
    const scope = subPageScope(await authenticate(ctx, token), query.subAccountId);
    return listCards(ctx, scope, query, 'zh-CN', { withMember: true });
  },
};

type Signed = (
  ctx: AppContext,
  delivery: { rawBody: string; signature: string | undefined; ip: string },
  path: string,
) => Promise<{ code: number; data: unknown }>;

/** The money paths: signed over the raw body, answered with the portal's codes. */
const SIGNED: Record<string, Signed> = {
  'POST /api/issuer/events': async (ctx, delivery) => {
    const result = await receiveIssuerEvent(ctx, delivery);
    return { code: ISSUER_OUTCOMES[result.outcome], data: result };
  },
  'POST /api/pay/notify/wechat': async (ctx, delivery) => {
    const outcome = await receiveCallback(ctx, { ...delivery, channel: 'wechat' });
    return { code: CALLBACK_OUTCOMES[outcome], data: { outcome } };
  },
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const env = loadEnv();
  const ctx = await buildContext(env);
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://floor');
      const answer = ROUTES[`${req.method} ${url.pathname}`];
      const signed = SIGNED[`${req.method} ${url.pathname}`];
      let status = 200;
      let body: string;
      try {
        if (signed) {
          const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
          const { code, data } = await signed(
            ctx,
            {
              rawBody: await readBody(req),
              signature: typeof header === 'string' ? header : undefined,
              ip: req.socket.remoteAddress ?? '',
            },
            url.pathname,
          );
          status = httpStatusFor(code);
          body = JSON.stringify({ code, msg: '', data, path: url.pathname });
          res.writeHead(status, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          });
          res.end(body);
          return;
        }
        if (!answer) throw new Error('no such route');
        const query = Object.fromEntries(url.searchParams);
        const form =
          req.method === 'POST' ? Object.fromEntries(new URLSearchParams(await readBody(req))) : {};
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const data = await answer(ctx, token, { ...query, ...form });
        body = JSON.stringify({ code: 200, msg: '', data, path: url.pathname });
      } catch (error) {
        status = 500;
        body = JSON.stringify({ code: 500, msg: String(error), data: null, path: url.pathname });
      }
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    })();
  });
  server.listen(env.PORT, env.HOST);
  const stop = () => server.close(() => void ctx.database.close().finally(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
