/** The one place that writes JSON answers: `{ code, msg, data, path }` (api-conventions.md). */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Code } from '../../contract/core';
import { AppError } from './errors';
import type { Lang } from './i18n';
import { translate } from './i18n';
import type { Logger } from './logger';

/** HTTP status equals the code where the code is an HTTP status; otherwise 400. */
export function httpStatusFor(code: number): ContentfulStatusCode {
  return (code >= 200 && code <= 599 ? code : 400) as ContentfulStatusCode;
}

export function envelope(c: Context, code: number, msg: string, data: unknown): Response {
  const text = JSON.stringify({ code, msg, data: data ?? null, path: c.req.path });
  // With its length known the compress middleware leaves answers under 1 KB alone; without it every
  // answer went through a gzip stream, which cost more CPU than the whole /api/user/info call.
  // `Vary` is added here, before the answer is made: when the compress middleware adds it afterwards,
  // Hono rebuilds the finished answer as a stream, which costs an answer over 1 KB that the client
  // did not ask to compress about a tenth of the portal's throughput (/api/user/info, issue 19).
  // Added, not set: a handler may vary by more (the enum list by Accept-Language).
  c.header('Vary', 'Accept-Encoding', { append: true });
  return c.body(text, httpStatusFor(code), {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
}

/** Turn anything thrown into an answer. Unknown errors are logged and answered as a bare 500. */
/**
 * A failed query's error carries its bound values (`params: …`: names, addresses, e-mails, callback
 * bodies). The statement is worth logging, the values never are (issue 13 §3).
 */
export function withoutBoundValues(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [not logged]');
}

export function errorEnvelope(
  c: Context,
  error: unknown,
  lang: Lang,
  log: Logger,
): { code: number; response: Response } {
  if (error instanceof AppError) {
    const response = envelope(c, error.code, translate(lang, error.messageKey, error.params), error.data);
    if (error.code === Code.unavailable)
      log.warn('outside system unavailable', {
        path: c.req.path,
        error: error.cause instanceof Error ? error.cause.message : String(error.cause),
      });
    if (error.code === Code.rateLimited || error.code === Code.locked || error.code === Code.unavailable) {
      const wait = (error.data as { retryAfter?: number } | null)?.retryAfter;
      if (wait) response.headers.set('Retry-After', String(wait));
    }
    return { code: error.code, response };
  }
  log.error('unhandled error', {
    path: c.req.path,
    error: withoutBoundValues(error instanceof Error ? (error.stack ?? error.message) : String(error)),
  });
  return {
    code: Code.serverError,
    response: envelope(c, Code.serverError, translate(lang, 'common:catalogue.500'), null),
  };
}
