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
import type { Hono } from 'hono';
import type { AppContext } from '../context';
import { orderView } from '../modules/topups/orders/order-view';
import { renderSimulatorPage } from './payments-page';
import type { CallbackSent } from './payments-simulator';
import { confirmNow, expireNow, listOpenOrders, sendChannelCallback } from './payments-simulator';
import {
  accountField,
  backToPage,
  bodyFields,
  MINOR_AMOUNT_ERROR,
  minorAmount,
  simulatorJson,
  simulatorNote,
} from './simulator-http';

type Verb = 'pay' | 'fail' | 'confirm' | 'expire';

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
      const amount = minorAmount((await bodyFields(c)).amount);
      if (amount === null) return c.json({ error: MINOR_AMOUNT_ERROR }, 400);
      return simulatorJson(c, () => run(app, ctx, c.req.param('id'), verb, amount));
    });

    app.post(`/sandbox/payments/:id/${verb}`, async (c) => {
      const form = await bodyFields(c);
      const amount = minorAmount(form.amount);
      const id = c.req.param('id');
      const note =
        amount === null
          ? `${id}: the amount must be a positive whole number of minor units`
          : await simulatorNote(
              async () => summary(id, await run(app, ctx, id, verb, amount)),
              (message) => `${id}: ${message}`,
            );
      return backToPage(c, '/sandbox/payments', accountField(form), { note });
    });
  }
}
