/**
 * Demo-mode routes of the card-spend simulator (README "Sandbox pages"):
 *
 * - `GET /sandbox/cards[?account=EMAIL]`: the page (card-spend-page.ts);
 * - `GET /sandbox/api/cards[?account=EMAIL]`: recent cards as JSON (serial, last 4, status, balance);
 * - `GET /sandbox/api/authorizations[?account=EMAIL]`: recent authorizations as JSON;
 * - `POST /sandbox/api/cards/:cardId/authorize` with `{ amount, merchant?, category?, country?,
 *   currency?, cvvMatches? }` (amount in minor units; JSON or form): a merchant authorization;
 *   answers `{ status, answer, authorizationId }` (the issuer-events route's answer);
 * - `POST /sandbox/api/cards/:cardId/challenge` with the same fields: a 3-D Secure challenge;
 *   answers `{ status, answer, code }`;
 * - `POST /sandbox/api/authorizations/:authorizationId/clear|reverse|refund` (refund: optional
 *   `amount` in minor units, default what is left): answers `{ status, answer }`.
 *
 * The page's forms post to `/sandbox/cards/authorize|challenge` and
 * `/sandbox/cards/authorizations/:id/<verb>` (amounts there in major units, "12.34") and come back
 * to the page with what happened.
 */
import type { Hono } from 'hono';
import { decimalToMinor } from '../../contract/minor-units';
import type { AppContext } from '../context';
import { describeDecline, renderCardSpendPage } from './card-spend-page';
import type { EventSent, FollowUpVerb, PurchaseInput } from './card-spend-simulator';
import {
  authorizePurchase,
  challengePurchase,
  followUp,
  listRecentAuthorizations,
  listRecentCards,
  purchaseInput,
} from './card-spend-simulator';
import {
  accountField,
  backToPage,
  bodyFields,
  MINOR_AMOUNT_ERROR,
  minorAmount,
  simulatorJson,
  simulatorNote,
} from './simulator-http';

const VERBS: readonly FollowUpVerb[] = ['clear', 'reverse', 'refund'];

/**
 * "12.34" -> 1234 (USD); "5000" -> 5000 (JPY: whole yen, ISO 4217); undefined when empty; null
 * when not an amount of that currency.
 */
export function majorToMinor(value: unknown, currency = 'USD'): number | undefined | null {
  if (value === undefined || value === '') return undefined;
  const minor = typeof value === 'string' ? decimalToMinor(value, currency) : null;
  return minor !== null && minor > 0 ? minor : null;
}

function parsePurchase(body: Record<string, unknown>): PurchaseInput | string {
  const parsed = purchaseInput.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`;
}

function describe(sent: EventSent): string {
  const data = sent.answer.data;
  const reason = data?.declineReason ? ` (${describeDecline(data.declineReason)})` : '';
  return `issuer event answered ${sent.status} ${data?.outcome ?? ''}${reason} — ${sent.answer.msg}`;
}

/** What the page says after a purchase: the authorization's id, or the 3-D Secure code it sent. */
async function purchaseNote(
  app: Hono,
  ctx: AppContext,
  kind: 'authorize' | 'challenge',
  cardId: string,
  input: PurchaseInput,
): Promise<string> {
  if (kind === 'authorize') {
    const sent = await authorizePurchase(app, ctx, cardId, input);
    return `${sent.authorizationId}: ${describe(sent)}`;
  }
  const sent = await challengePurchase(app, ctx, cardId, input);
  return `3-D Secure code ${sent.code} sent for ${input.merchant}: ${describe(sent)}`;
}

export function registerCardSpendSimulator(app: Hono, ctx: AppContext): void {
  app.get('/sandbox/cards', async (c) => {
    const account = c.req.query('account')?.trim() ?? '';
    const [cards, authorizations] = await Promise.all([
      listRecentCards(ctx, account),
      listRecentAuthorizations(ctx, account),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.html(
      renderCardSpendPage(cards, authorizations, {
        account,
        note: c.req.query('note') ?? '',
        cardId: c.req.query('card') ?? '',
      }),
    );
  });

  app.get('/sandbox/api/cards', async (c) => c.json(await listRecentCards(ctx, c.req.query('account'))));
  app.get('/sandbox/api/authorizations', async (c) =>
    c.json(await listRecentAuthorizations(ctx, c.req.query('account'))),
  );

  for (const kind of ['authorize', 'challenge'] as const) {
    app.post(`/sandbox/api/cards/:cardId/${kind}`, async (c) => {
      const body = await bodyFields(c);
      const amount = minorAmount(body.amount);
      if (!amount) return c.json({ error: MINOR_AMOUNT_ERROR }, 400);
      const input = parsePurchase({ ...body, amount });
      if (typeof input === 'string') return c.json({ error: input }, 400);
      const cardId = c.req.param('cardId');
      return simulatorJson(c, () =>
        kind === 'authorize'
          ? authorizePurchase(app, ctx, cardId, input)
          : challengePurchase(app, ctx, cardId, input),
      );
    });

    app.post(`/sandbox/cards/${kind}`, async (c) => {
      const body = await bodyFields(c);
      const cardId = typeof body.cardId === 'string' ? body.cardId : '';
      const currency = typeof body.currency === 'string' && body.currency ? body.currency : 'USD';
      const amount = majorToMinor(body.amount, currency);
      const input = amount ? parsePurchase({ ...body, amount, currency: body.currency || undefined }) : null;
      let note: string;
      if (!input)
        note = `The amount must be a positive number in ${currency}: at most two decimals (e.g. 12.50), none for yen and won`;
      else if (typeof input === 'string') note = input;
      else note = await simulatorNote(() => purchaseNote(app, ctx, kind, cardId, input));
      return backToPage(c, '/sandbox/cards', accountField(body), { card: cardId, note });
    });
  }

  for (const verb of VERBS) {
    app.post(`/sandbox/api/authorizations/:id/${verb}`, async (c) => {
      const amount = minorAmount((await bodyFields(c)).amount);
      if (amount === null) return c.json({ error: MINOR_AMOUNT_ERROR }, 400);
      return simulatorJson(c, () => followUp(app, ctx, c.req.param('id'), verb, amount));
    });

    app.post(`/sandbox/cards/authorizations/:id/${verb}`, async (c) => {
      const body = await bodyFields(c);
      const id = c.req.param('id');
      // The refund form names the authorization's currency: whole yen and won have no decimals.
      const amount = majorToMinor(body.amount, typeof body.currency === 'string' ? body.currency : 'USD');
      const note =
        amount === null
          ? `${id}: the amount must be a positive number with at most two decimals`
          : await simulatorNote(
              async () => `${id}: ${describe(await followUp(app, ctx, id, verb, amount))}`,
              (message) => `${id}: ${message}`,
            );
      return backToPage(c, '/sandbox/cards', accountField(body), { note });
    });
  }
}
