/**
 * Demo-mode routes of the payment simulator:
 * - `GET /sandbox/payments[?account=EMAIL]`: the page (open orders with Pay, Fail, Confirm now);
 * - `GET /sandbox/api/orders[?account=EMAIL]`: the same list as JSON;
 * - `POST /sandbox/api/orders/:id/pay` (optional `amount` in minor units, JSON or form), `/fail`:
 *   send the channel's signed callback; answer `{ status, answer }` (the callback route's answer);
 * - `POST /sandbox/api/orders/:id/confirm`: fast-forward a USDT confirmation; answers the order;
 * - `POST /sandbox/api/orders/:id/expire`: the time to pay runs out now; answers the order.
 * The page's forms post to `/sandbox/payments/:id/<verb>` and come back to the page.
 */
import type { Context, Hono } from 'hono';
import type { AppContext } from '../context';
import { orderView } from '../modules/topups/order-view';
import { renderSimulatorPage } from './payments-page';
import type { CallbackSent } from './payments-simulator';
import {
  confirmNow,
  expireNow,
  listOpenOrders,
  sendChannelCallback,
  SimulatorError,
} from './payments-simulator';

type Verb = 'pay' | 'fail' | 'confirm' | 'expire';

async function fields(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) return (await c.req.json()) as Record<string, unknown>;
    if (type.includes('form')) return await c.req.parseBody();
  } catch {
    return {};
  }
  return {};
}

function amountOf(value: unknown): number | undefined | null {
  if (value === undefined || value === '') return undefined;
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

async function run(app: Hono, ctx: AppContext, id: string, verb: Verb, amount?: number) {
  if (verb === 'confirm') return orderView(await confirmNow(ctx, id));
  if (verb === 'expire') return orderView(await expireNow(ctx, id));
  return sendChannelCallback(app, ctx, id, verb === 'pay' ? 'paid' : 'failed', amount);
}

function summary(id: string, result: Awaited<ReturnType<typeof run>>): string {
  if ('answer' in result) {
    const sent: CallbackSent = result;
    return `${id}: callback answered ${sent.status} ${sent.answer.data?.outcome ?? ''} — ${sent.answer.msg}`;
  }
  return `${id}: order is ${result.status}`;
}

export function registerPaymentsSimulator(app: Hono, ctx: AppContext): void {
  app.get('/sandbox/payments', async (c) => {
    const account = c.req.query('account')?.trim() ?? '';
    const orders = await listOpenOrders(ctx, account);
    c.header('Cache-Control', 'no-store');
    return c.html(renderSimulatorPage(orders, account, c.req.query('note') ?? '', ctx.now()));
  });

  app.get('/sandbox/api/orders', async (c) => c.json(await listOpenOrders(ctx, c.req.query('account'))));

  for (const verb of ['pay', 'fail', 'confirm', 'expire'] as const) {
    app.post(`/sandbox/api/orders/:id/${verb}`, async (c) => {
      const amount = amountOf((await fields(c)).amount);
      if (amount === null) return c.json({ error: 'amount must be a positive integer (minor units)' }, 400);
      try {
        return c.json(await run(app, ctx, c.req.param('id'), verb, amount));
      } catch (error) {
        if (error instanceof SimulatorError) return c.json({ error: error.message }, error.status);
        throw error;
      }
    });

    app.post(`/sandbox/payments/:id/${verb}`, async (c) => {
      const form = await fields(c);
      const account = typeof form.account === 'string' ? form.account : '';
      const amount = amountOf(form.amount);
      const id = c.req.param('id');
      let note: string;
      if (amount === null) note = `${id}: the amount must be a positive whole number of minor units`;
      else {
        try {
          note = summary(id, await run(app, ctx, id, verb, amount));
        } catch (error) {
          if (!(error instanceof SimulatorError)) throw error;
          note = `${id}: ${error.message}`;
        }
      }
      const query = new URLSearchParams({ ...(account ? { account } : {}), note });
      return c.redirect(`/sandbox/payments?${query.toString()}`, 303);
    });
  }
}
