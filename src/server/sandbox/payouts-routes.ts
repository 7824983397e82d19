/**
 * The demo payout desk of agent bank withdrawals (demo mode only; README "Sandbox pages"):
 *
 * - `GET /sandbox/payouts`: the queue (payouts-page.ts) with Pay and Fail buttons; the forms post to
 *   `/sandbox/payouts/:id/pay|fail` and come back to the page.
 * - JSON beside it: `GET /sandbox/api/payouts`, `POST /sandbox/api/payouts/:id/pay`,
 *   `POST /sandbox/api/payouts/:id/fail` with `{ reason }` (JSON or form).
 * - The agent programme's test clock: `POST /sandbox/payouts/clock` (form) and
 *   `POST /sandbox/api/agent/jobs` with `{ days }`: runs the accrual job, then the release job as if
 *   `days` days had passed (0: just now). It moves no clock of the server; it only lets the release
 *   job look ahead, and only here, which production mode never registers.
 *
 * Every decision goes through `settlePayout`, the operation a provider's notification would call.
 */
import type { Context, Hono } from 'hono';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import { httpStatusFor } from '../lib/envelope';
import type { Lang } from '../lib/i18n';
import { langFromHeader, translate } from '../lib/i18n';
import { clientAddress } from '../lib/route';
import { accrueFees } from '../modules/agent/commissions/accrue-fees';
import { listPayoutQueue } from '../modules/agent/payouts/list-payout-queue';
import { releaseCommissions } from '../modules/agent/commissions/release-commissions';
import type { PayoutOutcome } from '../modules/agent/payouts/settle-payout';
import { settlePayout } from '../modules/agent/payouts/settle-payout';
import { payoutsPage } from './payouts-page';

async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    return type.includes('application/json')
      ? ((await c.req.json()) as Record<string, unknown>)
      : await c.req.parseBody();
  } catch {
    return {};
  }
}

async function outcomeOf(c: Context, action: 'pay' | 'fail'): Promise<PayoutOutcome> {
  if (action === 'pay') return { status: 'paid' };
  const reason = (await readBody(c))['reason'];
  return {
    status: 'failed',
    reason: typeof reason === 'string' && reason.trim() ? reason.trim() : 'declined',
  };
}

function isAction(value: string): value is 'pay' | 'fail' {
  return value === 'pay' || value === 'fail';
}

/** Runs the agent jobs with the release job looking `days` ahead (at most 60). */
export async function runAgentJobsAhead(ctx: AppContext, days: number) {
  const ahead = Math.min(Math.max(Number.isFinite(days) ? days : 0, 0), 60);
  const accrued = await accrueFees(ctx);
  const released = await releaseCommissions(ctx, new Date(ctx.now().getTime() + ahead * 24 * 3600_000));
  return { ...accrued, released };
}

export function registerPayoutDesk(app: Hono, ctx: AppContext): void {
  const lang = (c: Context): Lang => langFromHeader(c.req.header('accept-language'));
  const desk = (c: Context) => ({
    ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    device: 'sandbox payout desk',
  });
  const message = (c: Context, error: AppError) => translate(lang(c), error.messageKey, error.params);

  const page = async (c: Context, notice?: { kind: 'ok' | 'error'; text: string }, status = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.html(payoutsPage(lang(c), { items: await listPayoutQueue(ctx), notice }), status as 200);
  };

  app.get('/sandbox/payouts', async (c) => {
    const done = c.req.query('done');
    const notice =
      done === 'pay' || done === 'fail' || done === 'clock'
        ? { kind: 'ok' as const, text: translate(lang(c), `server:agent.desk.done.${done}`) }
        : undefined;
    return page(c, notice);
  });

  app.post('/sandbox/payouts/clock', async (c) => {
    await runAgentJobsAhead(ctx, Number((await readBody(c))['days']));
    return c.redirect('/sandbox/payouts?done=clock', 303);
  });

  app.post('/sandbox/payouts/:id/:action', async (c) => {
    const action = c.req.param('action');
    if (!isAction(action)) return c.notFound();
    try {
      await settlePayout(ctx, c.req.param('id'), await outcomeOf(c, action), desk(c));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return page(c, { kind: 'error', text: message(c, error) }, httpStatusFor(error.code));
    }
    return c.redirect(`/sandbox/payouts?done=${action}`, 303);
  });

  app.get('/sandbox/api/payouts', async (c) => c.json(await listPayoutQueue(ctx)));

  app.post('/sandbox/api/payouts/:id/:action', async (c) => {
    const action = c.req.param('action');
    if (!isAction(action)) return c.json({ error: 'unknown action' }, 404);
    try {
      return c.json(await settlePayout(ctx, c.req.param('id'), await outcomeOf(c, action), desk(c)));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return c.json({ code: error.code, error: message(c, error) }, httpStatusFor(error.code));
    }
  });

  app.post('/sandbox/api/agent/jobs', async (c) =>
    c.json(await runAgentJobsAhead(ctx, Number((await readBody(c))['days'] ?? 0))),
  );
}
