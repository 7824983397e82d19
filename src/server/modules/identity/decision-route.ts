/**
 * `POST /api/identity/decision`, the identity provider's signed decisions (receive-decision.ts). A
 * plain Hono route, not a contract endpoint: the signature covers the raw body, read before anything
 * parses it, and the caller is the provider, not a signed-in customer.
 */
import type { Hono } from 'hono';
import type { AppContext } from '../../context';
import { envelope } from '../../lib/envelope';
import { clientAddress } from '../../lib/route';
import { langFromHeader, translate } from '../../lib/i18n';
import { SIGNATURE_HEADER } from '../../providers/payments/signature';
import { DECISION_OUTCOMES, receiveDecision } from './receive-decision';
import { readCallbackBody } from '../../lib/signed-delivery';

export const IDENTITY_DECISION_PATH = '/api/identity/decision';

export function registerIdentityDecisionRoute(app: Hono, ctx: AppContext): void {
  app.post(IDENTITY_DECISION_PATH, async (c) => {
    const result = await receiveDecision(ctx, {
      rawBody: await readCallbackBody(c),
      signature: c.req.header(SIGNATURE_HEADER),
      ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
    });
    const lang = langFromHeader(c.req.header('accept-language'));
    return envelope(
      c,
      DECISION_OUTCOMES[result.outcome],
      translate(lang, `server:identity.decision.${result.outcome}`),
      result,
    );
  });
}
