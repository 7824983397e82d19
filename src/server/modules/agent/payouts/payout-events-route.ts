/**
 * `POST /api/payouts/events`, the payout gateway's signed decisions on agent bank withdrawals. A
 * plain Hono route like the issuer's events (the signature covers the raw body, the caller is the
 * gateway, not a customer). The envelope's code says what happened, `data.outcome` names it.
 */
import type { Hono } from 'hono';
import type { AppContext } from '../../../context';
import { envelope } from '../../../lib/envelope';
import { langFromHeader, translate } from '../../../lib/i18n';
import { clientAddress } from '../../../lib/route';
import { SIGNATURE_HEADER } from '../../../providers/payments/signature';
import { PAYOUT_OUTCOMES, receivePayoutEvent } from './receive-payout-event';
import { readCallbackBody } from '../../../lib/signed-delivery';

export const PAYOUT_EVENTS_PATH = '/api/payouts/events';

export function registerPayoutEventsRoute(app: Hono, ctx: AppContext): void {
  app.post(PAYOUT_EVENTS_PATH, async (c) => {
    const outcome = await receivePayoutEvent(ctx, {
      rawBody: await readCallbackBody(c),
      signature: c.req.header(SIGNATURE_HEADER),
      ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    });
    const lang = langFromHeader(c.req.header('accept-language'));
    return envelope(c, PAYOUT_OUTCOMES[outcome], translate(lang, `server:agent.payoutEvents.${outcome}`), {
      outcome,
    });
  });
}
