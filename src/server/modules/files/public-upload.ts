/**
 * The generic upload `POST /file/pub/upload` (spec §7): bearer authorization, multipart `file`,
 * the same checks and storage as every upload. Its answer is the spec's `{ errcode, errmsg, data }`
 * rather than the envelope, which is why it is a plain route and not a contract endpoint:
 * `errcode: '0'` with `{ fileId, url }` on success, `errcode: '500'` with the reason otherwise (the
 * shared ImageUpload widget shows `errmsg` for '500'). A refused file is an HTTP 200 answer, since
 * the body says what happened; a missing or dead session is a 401 with the same shape.
 */
import type { JobLogAction } from '../../../contract/operations';
import type { Context, Hono } from 'hono';
import { Code } from '../../../contract/core';
import type { AppContext } from '../../context';
import { operationLogs } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import { langFromHeader, translate } from '../../lib/i18n';
import { clientAddress } from '../../lib/route';
import type { SessionPrincipal } from '../../lib/session';
import { authenticate } from '../../lib/session';
import { storeUpload } from './store-upload';
import { PUBLIC_UPLOAD_PATH, tooLargeError, uploadBodyLimit } from './upload-limit';

function refusal(c: Context, lang: Lang, error: AppError, status: 200 | 401 | 403 | 503 = 200): Response {
  return c.json({ errcode: '500', errmsg: translate(lang, error.messageKey, error.params) }, status);
}

/** The object store is down: 503 with `Retry-After`, as every other answer gives (lib/envelope.ts). */
function unavailable(c: Context, lang: Lang, error: AppError, ctx: AppContext): Response {
  ctx.log.warn('outside system unavailable', {
    path: c.req.path,
    error: error.cause instanceof Error ? error.cause.message : String(error.cause),
  });
  const response = refusal(c, lang, error, 503);
  const wait = (error.data as { retryAfter?: number } | null)?.retryAfter;
  if (wait) response.headers.set('Retry-After', String(wait));
  return response;
}

function bearerToken(c: Context): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
}

export function registerPublicUpload(app: Hono, ctx: AppContext): void {
  const lang = (c: Context) => langFromHeader(c.req.header('accept-language'));
  app.post(
    PUBLIC_UPLOAD_PATH,
    uploadBodyLimit(ctx.env, (c) => refusal(c, lang(c), tooLargeError(ctx.env))),
    async (c) => {
      let principal: SessionPrincipal | null = null;
      let code: number = Code.serverError;
      try {
        try {
          principal = await authenticate(ctx, bearerToken(c));
        } catch (error) {
          if (error instanceof AppError) return refusal(c, lang(c), error, error.code === 403 ? 403 : 401);
          throw error;
        }
        let file: unknown;
        try {
          file = (await c.req.parseBody())['file'];
        } catch {
          throw fail.badRequest('server:errors.malformedBody');
        }
        if (!(file instanceof Blob)) throw fail.badRequest('server:files.fileRequired');
        // Owned by the main account (a member's session carries its id), naming the member who sent it.
        const stored = await storeUpload(
          ctx,
          { accountId: principal.accountId, purpose: 'general', uploadedBySubId: principal.subAccountId },
          file,
        );
        code = Code.ok;
        return c.json({ errcode: '0', errmsg: '', data: stored });
      } catch (error) {
        if (error instanceof AppError) {
          code = error.code;
          if (error.code === Code.unavailable) return unavailable(c, lang(c), error, ctx);
          return refusal(c, lang(c), error);
        }
        ctx.log.error('upload failed', { error: error instanceof Error ? error.message : String(error) });
        return c.json({ errcode: '500', errmsg: translate(lang(c), 'common:catalogue.500') }, 500);
      } finally {
        if (principal) await logUpload(ctx, c, principal, code);
      }
    },
  );
}

/** The operation log row the registrar writes for contract endpoints. */
async function logUpload(
  ctx: AppContext,
  c: Context,
  principal: SessionPrincipal,
  code: number,
): Promise<void> {
  try {
    await ctx.database.db.insert(operationLogs).values({
      id: newId(),
      accountId: principal.accountId,
      subAccountId: principal.subAccountId,
      action: 'file.pubUpload' satisfies JobLogAction,
      result: code === Code.ok ? 'success' : 'failure',
      code,
      ip: clientAddress(c, ctx.env.TRUST_PROXY === '1'),
      device: (c.req.header('user-agent') ?? 'unknown').slice(0, 200),
      createdAt: ctx.now(),
    });
  } catch (error) {
    ctx.log.error('operation log write failed', { action: 'file.pubUpload', error: String(error) });
  }
}
