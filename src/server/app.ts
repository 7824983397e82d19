/**
 * The HTTP application: the API under /api, the demo sandbox under /sandbox, and the built PWA.
 * Built from an AppContext so tests drive exactly what production runs, in-process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import { allEndpoints } from '../contract';
import { Code } from '../contract/core';
import { topupUpload } from '../contract/finance';
import type { AppContext } from './context';
import { envelope, errorEnvelope } from './lib/envelope';
import { requestSeconds, requestsTotal } from './lib/metrics';
import { langFromHeader, translate } from './lib/i18n';
import { buildOpenApi } from './lib/openapi';
import { clientAddress, createRegistrar } from './lib/route';
import { registerModules } from './modules';
import { registerOperatorModule } from './modules/operator';
import { registerPayoutEventsRoute } from './modules/agent/payouts/payout-events-route';
import { registerIssuerEventsRoute } from './modules/card-spend/events/issuer-events-route';
import { registerIdentityDecisionRoute } from './modules/identity/decision-route';
import { registerPaymentNotifyRoute } from './modules/topups/callbacks/notify-route';
import { registerPublicUpload } from './modules/files/public-upload';
import { tooLargeError, UPLOAD_PATHS, uploadBodyLimit } from './modules/files/upload-limit';
import { registerSandbox } from './sandbox';

export function createApp(ctx: AppContext): Hono {
  const app = new Hono();
  const lang = (c: { req: { header(name: string): string | undefined } }) =>
    langFromHeader(c.req.header('accept-language'));

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // The matched route, not the path: ids in paths would make a series per id.
    const route = c.req.routePath;
    requestsTotal.inc({ method: c.req.method, route, status: c.res.status });
    requestSeconds.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
    // Path only: query strings may carry addresses; bodies and headers are never logged.
    ctx.log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    });
  });

  // The PWA's scripts shrink to about a third; JSON answers above 1 KB too.
  app.use(compress());

  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  const apiBodyLimit = bodyLimit({
    maxSize: ctx.env.BODY_LIMIT,
    onError: (c) => envelope(c, Code.payloadTooLarge, translate(lang(c), 'server:errors.tooLarge'), null),
  });
  // Upload routes take files up to UPLOAD_MAX_MB instead, counted while the body streams in. A GET's
  // body is never read (its input is the query), and asking for it would build a full fetch Request
  // for every GET just to find there is none.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || UPLOAD_PATHS.has(c.req.path) ? next() : apiBodyLimit(c, next),
  );
  app.use(
    topupUpload.path,
    uploadBodyLimit(ctx.env, (c) => errorEnvelope(c, tooLargeError(ctx.env), lang(c), ctx.log).response),
  );

  app.get('/index.html', (c) => c.redirect('/', 301));

  // Liveness: the process answers. It asks nothing of the database, so a database outage does not
  // get healthy processes restarted; readiness below is what a load balancer should route by.
  app.get('/api/health', (c) =>
    envelope(c, Code.ok, translate(lang(c), 'server:ok'), {
      status: 'ok',
      database: ctx.database.kind,
      mode: ctx.env.APP_MODE,
    }),
  );
  app.get('/api/health/ready', async (c) => {
    const answered = await databaseAnswers(ctx);
    if (answered) return envelope(c, Code.ok, translate(lang(c), 'server:ok'), { status: 'ready' });
    const response = envelope(c, Code.unavailable, translate(lang(c), 'server:errors.notReady'), {
      status: 'not ready',
    });
    response.headers.set('Retry-After', '5');
    return response;
  });

  const openApi = buildOpenApi(allEndpoints);
  app.get('/api/openapi.json', (c) => c.json(openApi));

  registerModules(createRegistrar(app, ctx));
  registerOperatorModule(app, ctx);
  registerPaymentNotifyRoute(app, ctx);
  registerIssuerEventsRoute(app, ctx);
  registerIdentityDecisionRoute(app, ctx);
  registerPayoutEventsRoute(app, ctx);
  registerPublicUpload(app, ctx);
  if (ctx.env.APP_MODE === 'demo') registerSandbox(app, ctx);
  // In production no sandbox path exists, and says so: without this a page path under /sandbox fell
  // through to the PWA's catch-all and answered 302 to the app's own 404 page, which a scanner or a
  // health probe reads as "something is there".
  else
    app.all('/sandbox/*', (c) =>
      envelope(c, Code.notFound, translate(lang(c), 'server:errors.notFound'), null),
    );

  const knownPaths = new Set<string>(allEndpoints.map((e) => e.path));
  app.all('/api/*', (c) => {
    if (knownPaths.has(c.req.path)) {
      return envelope(c, 405, translate(lang(c), 'server:errors.methodNotAllowed'), null);
    }
    return envelope(c, Code.notFound, translate(lang(c), 'server:errors.notFound'), null);
  });

  serveWeb(app, ctx);

  app.onError((error, c) => errorEnvelope(c, error, lang(c), ctx.log).response);
  app.notFound((c) => envelope(c, Code.notFound, translate(lang(c), 'server:errors.notFound'), null));
  return app;
}

/**
 * The operator console (issue 31): its own build in WEB_DIST/console/, at /console, in production
 * too. Its page is never cached by a browser or a proxy (no-store): it is a staff tool.
 */
function serveConsole(app: Hono, ctx: AppContext): void {
  const page = join(resolve(ctx.env.WEB_DIST), 'console', 'index.html');
  if (!existsSync(page)) return;
  const html = readFileSync(page, 'utf8');
  const answer = (c: Context) => c.html(html);
  app.get('/console', answer);
  app.get('/console/', answer);
  app.get('/console/index.html', answer);
  app.use('/console/assets/*', serveStatic({ root: ctx.env.WEB_DIST }));
}

/** How long readiness waits for the database before answering 503. */
export const READY_TIMEOUT_MS = 2000;

/** Whether the database answers a trivial query within READY_TIMEOUT_MS. */
async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ctx.database.version().then(() => true), timeout]);
  } catch (error) {
    ctx.log.warn('readiness: the database did not answer', { error: String(error) });
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The built PWA. Hashed assets are immutable; the shell and service worker are always revalidated. */
function serveWeb(app: Hono, ctx: AppContext): void {
  const root = resolve(ctx.env.WEB_DIST);
  if (!existsSync(join(root, 'index.html'))) return;
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    // The console's own hashed assets are as immutable as the PWA's; its page is never stored
    // (serveConsole). This header is set last, so it is the one place that decides.
    if (path.startsWith('/assets/') || path.startsWith('/console/assets/'))
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (path === '/console' || path.startsWith('/console/')) c.header('Cache-Control', 'no-store');
    else c.header('Cache-Control', 'no-cache');
  });
  // Hashed assets have brotli and gzip copies made at build time (tools/precompress.ts); the
  // compress middleware leaves an answer that already has a Content-Encoding alone.
  app.use('/assets/*', serveStatic({ root: ctx.env.WEB_DIST, precompressed: true }));
  serveConsole(app, ctx);
  app.use('*', serveStatic({ root: ctx.env.WEB_DIST }));
  // Routing is in the hash: any other page path is unknown to the app, so send it to its 404.
  app.get('*', (c) => c.redirect('/#/404', 302));
}
