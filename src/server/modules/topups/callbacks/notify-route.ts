/**
 * `POST /api/pay/notify/:channel`, the channels' signed callbacks. A plain Hono route, not a
 * contract endpoint: the signature covers the raw body, which must be read before anything parses
 * it, and the caller is a channel, not a signed-in customer. Answers keep the envelope; the code
 * says what happened (callback-log.ts), `data.outcome` names it.
 */
import type { Hono } from 'hono';
import type { AppContext } from '../../../context';
import { envelope } from '../../../lib/envelope';
import { langFromHeader, translate } from '../../../lib/i18n';
import { clientAddress } from '../../../lib/route';
import { SIGNATURE_HEADER } from '../../../providers/payments/signature';
import { CALLBACK_OUTCOMES } from './callback-log';
import { receiveCallback } from './receive-callback';
import { readCallbackBody } from '../../../lib/signed-delivery';

export const NOTIFY_PATH = '/api/pay/notify/:channel';

export function registerPaymentNotifyRoute(app: Hono, ctx: AppContext): void {
  app.post(NOTIFY_PATH, async (c) => {
    const outcome = await receiveCallback(ctx, {
      channel: c.req.param('channel'),
      rawBody: await readCallbackBody(c),
      signature: c.req.header(SIGNATURE_HEADER),
      ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    });
    const lang = langFromHeader(c.req.header('accept-language'));
    return envelope(c, CALLBACK_OUTCOMES[outcome], translate(lang, `server:topups.notify.${outcome}`), {
      outcome,
    });
  });
}
