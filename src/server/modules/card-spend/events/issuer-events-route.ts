/**
 * `POST /api/issuer/events`, the issuer's signed events. A plain Hono route, not a contract
 * endpoint: the signature covers the raw body, which must be read before anything parses it, and
 * the caller is the issuer, not a signed-in customer. Answers keep the envelope; the code says what
 * happened (event-outcomes.ts), `data` names the outcome and, for an authorization, the decision.
 */
import type { Hono } from 'hono';
import type { AppContext } from '../../../context';
import { envelope } from '../../../lib/envelope';
import { langFromHeader, translate } from '../../../lib/i18n';
import { clientAddress } from '../../../lib/route';
import { SIGNATURE_HEADER } from '../../../providers/payments/signature';
import { ISSUER_OUTCOMES } from '../event-outcomes';
import { receiveIssuerEvent } from './receive-issuer-event';
import { readCallbackBody } from '../../../lib/signed-delivery';

export const ISSUER_EVENTS_PATH = '/api/issuer/events';
/** `X-Signature: hex(HMAC-SHA256(issuer event secret, raw body))`, as on every signed call here. */
export const ISSUER_SIGNATURE_HEADER = SIGNATURE_HEADER;

export function registerIssuerEventsRoute(app: Hono, ctx: AppContext): void {
  app.post(ISSUER_EVENTS_PATH, async (c) => {
    const result = await receiveIssuerEvent(ctx, {
      rawBody: await readCallbackBody(c),
      signature: c.req.header(ISSUER_SIGNATURE_HEADER),
      ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    });
    const lang = langFromHeader(c.req.header('accept-language'));
    return envelope(
      c,
      ISSUER_OUTCOMES[result.outcome],
      translate(lang, `server:cardSpend.events.${result.outcome}`),
      result,
    );
  });
}
