/**
 * The demo identity review desk (demo mode only; README "Sandbox pages"):
 *
 * - `GET /sandbox/identity`: the page (identity-page.ts); its forms post to
 *   `/sandbox/identity/:id/start|approve|reject|ask` and come back to the page.
 * - `GET /sandbox/identity/:id/file/:field`: a document image of the order.
 * - JSON beside it: `GET /sandbox/api/identity[?email=]`, `POST /sandbox/api/identity/:id/start`,
 *   `…/approve` `{ expiresAt? }`, `…/reject` `{ reason, resubmittable }`, `…/ask`
 *   `{ field, question }` (JSON or form).
 *
 * Every decision goes through `reviewIdentity`, the operation a provider's callback would call.
 */
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AppContext } from '../context';
import { identityOrders } from '../db/schema';
import { AppError, fail } from '../lib/errors';
import { httpStatusFor } from '../lib/envelope';
import type { Lang } from '../lib/i18n';
import { langFromHeader, translate } from '../lib/i18n';
import { fileResponse, readFile } from '../modules/files/read-file';
import { listIdentityQueue } from '../modules/identity/list-review-queue';
import type { IdentityDecision } from '../modules/identity/review-order';
import { reviewIdentity } from '../modules/identity/review-order';
import { identityDeskPage } from './identity-page';

const ACTIONS = ['start', 'approve', 'reject', 'ask'] as const;
type Action = (typeof ACTIONS)[number];
const DOC_FIELDS = ['idFrontFileId', 'idBackFileId', 'selfieFileId', 'licenceFileId'] as const;

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

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function decisionOf(c: Context, action: Action): Promise<IdentityDecision> {
  const body = await readBody(c);
  switch (action) {
    case 'start':
      return { action };
    case 'approve': {
      const day = text(body['expiresAt']);
      if (day === '') return { action };
      const expiresAt = new Date(`${day}T00:00:00+08:00`);
      if (Number.isNaN(expiresAt.getTime())) throw fail.rule('server:identity.review.expiryPast');
      return { action, expiresAt };
    }
    case 'reject':
      return {
        action,
        reason: text(body['reason']),
        resubmittable: ['1', 'true', true].includes(body['resubmittable'] as string | boolean),
      };
    case 'ask':
      return { action, items: [{ field: text(body['field']), question: text(body['question']) }] };
  }
}

const isAction = (value: string): value is Action => (ACTIONS as readonly string[]).includes(value);

export function registerIdentityDesk(app: Hono, ctx: AppContext): void {
  const lang = (c: Context): Lang => langFromHeader(c.req.header('accept-language'));
  const message = (c: Context, error: AppError) => translate(lang(c), error.messageKey, error.params);
  const page = async (c: Context, notice?: { kind: 'ok' | 'error'; text: string }, status = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.html(identityDeskPage(lang(c), { items: await listIdentityQueue(ctx), notice }), status as 200);
  };

  app.get('/sandbox/identity', async (c) => {
    const done = c.req.query('done') ?? '';
    return page(
      c,
      isAction(done)
        ? { kind: 'ok', text: translate(lang(c), `server:identity.desk.done.${done}`) }
        : undefined,
    );
  });

  app.post('/sandbox/identity/:id/:action', async (c) => {
    const action = c.req.param('action');
    if (!isAction(action)) return c.notFound();
    try {
      await reviewIdentity(ctx, c.req.param('id'), await decisionOf(c, action));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return page(c, { kind: 'error', text: message(c, error) }, httpStatusFor(error.code));
    }
    return c.redirect(`/sandbox/identity?done=${action}`, 303);
  });

  app.get('/sandbox/identity/:id/file/:field', async (c) => {
    const field = c.req.param('field') as (typeof DOC_FIELDS)[number];
    if (!DOC_FIELDS.includes(field)) return c.text('Not found', 404);
    const [order] = await ctx.database.db
      .select()
      .from(identityOrders)
      .where(eq(identityOrders.id, c.req.param('id')));
    const fileId = order?.[field];
    if (!fileId) return c.text('Not found', 404);
    try {
      return fileResponse(await readFile(ctx, fileId, null));
    } catch (error) {
      if (error instanceof AppError) return c.text('Not found', 404);
      throw error;
    }
  });

  app.get('/sandbox/api/identity', async (c) => {
    const queue = await listIdentityQueue(ctx, c.req.query('email'));
    return c.json(
      queue.map(({ order, email, items }) => ({
        id: order.id,
        email,
        kind: order.kind,
        status: order.status,
        companyName: order.companyName,
        personName: order.personName,
        items: items.map((item) => ({
          id: item.id,
          field: item.field,
          question: item.question,
          answeredAt: item.answeredAt,
        })),
      })),
    );
  });

  app.post('/sandbox/api/identity/:id/:action', async (c) => {
    const action = c.req.param('action');
    if (!isAction(action)) return c.json({ error: 'unknown action' }, 404);
    try {
      const row = await reviewIdentity(ctx, c.req.param('id'), await decisionOf(c, action));
      return c.json({ id: row.id, status: row.status, expiresAt: row.expiresAt });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return c.json({ code: error.code, error: message(c, error) }, httpStatusFor(error.code));
    }
  });
}
