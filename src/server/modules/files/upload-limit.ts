/**
 * The size limit of uploads (spec §5: 3 MB unless configured, `UPLOAD_MAX_MB`). It is enforced
 * twice: while the request body streams in (app.ts puts `uploadBodyLimit` in front of the upload
 * routes, so an oversized body is refused before it is buffered), and on the file itself once the
 * multipart body is parsed (the exact limit, without the framing allowance).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { topupUpload } from '../../../contract/finance';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { Code } from '../../../contract/core';

const MIB = 1024 * 1024;
/** Room for the multipart framing around the file: boundaries, part headers, a long file name. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/** The generic upload of spec §7 (a plain route, not in the contract: its answer is not the envelope). */
export const PUBLIC_UPLOAD_PATH = '/file/pub/upload';

/** Paths whose bodies are files: the general API body limit does not apply to them, this one does. */
export const UPLOAD_PATHS: ReadonlySet<string> = new Set([topupUpload.path, PUBLIC_UPLOAD_PATH]);

export function uploadLimitBytes(env: Env): number {
  return Math.floor(env.UPLOAD_MAX_MB * MIB);
}

export function tooLargeError(env: Env): AppError {
  return new AppError(Code.payloadTooLarge, 'server:files.tooLarge', null, { limit: env.UPLOAD_MAX_MB });
}

/** Counts the body as it arrives (or trusts a Content-Length that is already too big). */
export function uploadBodyLimit(
  env: Env,
  onTooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  return bodyLimit({ maxSize: uploadLimitBytes(env) + MULTIPART_ALLOWANCE, onError: onTooLarge });
}
