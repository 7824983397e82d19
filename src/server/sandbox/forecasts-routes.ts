/**
 * The demo review desk for USD transfer forecasts (demo mode only; README "Sandbox pages"):
 *
 * - `GET /sandbox/forecasts`: the page (forecasts-page.ts) with Approve and Reject buttons;
 *   its forms post to `/sandbox/forecasts/:id/approve|reject` and come back to the page.
 * - `GET /sandbox/forecasts/:id/proof`: the forecast's proof image from storage.
 * - JSON beside it: `GET /sandbox/api/forecasts`, `POST /sandbox/api/forecasts/:id/approve`,
 *   `POST /sandbox/api/forecasts/:id/reject` with `{ reason }` (JSON or form).
 *
 * Every decision goes through `reviewForecast`, the operation a back office would call.
 */
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AppContext } from '../context';
import { topupForecasts } from '../db/schema';
import { AppError } from '../lib/errors';
import { httpStatusFor } from '../lib/envelope';
import type { Lang } from '../lib/i18n';
import { langFromHeader, translate } from '../lib/i18n';
import { clientAddress } from '../lib/route';
import { fileResponse, readFile } from '../modules/files/read-file';
import { listReviewQueue } from '../modules/forecasts/list-review-queue';
import type { ReviewDecision } from '../modules/forecasts/review-forecast';
import { reviewForecast } from '../modules/forecasts/review-forecast';
import { reviewPage } from './forecasts-page';

async function readReason(c: Context): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  try {
    const body: Record<string, unknown> = type.includes('application/json')
      ? ((await c.req.json()) as Record<string, unknown>)
      : await c.req.parseBody();
    return typeof body['reason'] === 'string' ? body['reason'] : '';
  } catch {
    return '';
  }
}

async function decisionOf(c: Context, action: string): Promise<ReviewDecision> {
  return action === 'approve' ? { action: 'approve' } : { action: 'reject', reason: await readReason(c) };
}

function isAction(value: string): value is 'approve' | 'reject' {
  return value === 'approve' || value === 'reject';
}

export function registerForecastReviewRoutes(app: Hono, ctx: AppContext): void {
  const lang = (c: Context): Lang => langFromHeader(c.req.header('accept-language'));
  const reviewer = (c: Context) => ({
    ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    device: 'sandbox review desk',
  });
  const message = (c: Context, error: AppError) => translate(lang(c), error.messageKey, error.params);

  const page = async (c: Context, notice?: { kind: 'ok' | 'error'; text: string }, status = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.html(reviewPage(lang(c), { items: await listReviewQueue(ctx), notice }), status as 200);
  };

  app.get('/sandbox/forecasts', async (c) => {
    const done = c.req.query('done');
    const notice =
      done === 'approve' || done === 'reject'
        ? { kind: 'ok' as const, text: translate(lang(c), `server:forecasts.review.done.${done}`) }
        : undefined;
    return page(c, notice);
  });

  app.post('/sandbox/forecasts/:id/:action', async (c) => {
    const action = c.req.param('action');
    if (!isAction(action)) return c.notFound();
    try {
      await reviewForecast(ctx, c.req.param('id'), await decisionOf(c, action), reviewer(c));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return page(c, { kind: 'error', text: message(c, error) }, httpStatusFor(error.code));
    }
    // Post/redirect/get: reloading the page does not send the decision again.
    return c.redirect(`/sandbox/forecasts?done=${action}`, 303);
  });

  app.get('/sandbox/forecasts/:id/proof', async (c) => {
    const [forecast] = await ctx.database.db
      .select({ proofFileId: topupForecasts.proofFileId })
      .from(topupForecasts)
      .where(eq(topupForecasts.id, c.req.param('id')));
    if (!forecast) return c.text('Not found', 404);
    try {
      return fileResponse(await readFile(ctx, forecast.proofFileId, null));
    } catch (error) {
      if (error instanceof AppError) return c.text('Not found', 404);
      throw error;
    }
  });

  app.get('/sandbox/api/forecasts', async (c) => {
    const items = await listReviewQueue(ctx);
    return c.json(
      items.map((item) => ({ ...item, proofUrl: `/sandbox/forecasts/${encodeURIComponent(item.id)}/proof` })),
    );
  });

  app.post('/sandbox/api/forecasts/:id/:action', async (c) => {
    const action = c.req.param('action');
    if (!isAction(action)) return c.json({ error: 'unknown action' }, 404);
    try {
      return c.json(await reviewForecast(ctx, c.req.param('id'), await decisionOf(c, action), reviewer(c)));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return c.json({ code: error.code, error: message(c, error) }, httpStatusFor(error.code));
    }
  });
}
