/**
 * An uploaded file for its owner (`GET /api/file/view`). Anyone else gets the same 404 as for an
 * unknown id, so ids cannot be probed. The answer carries the type detected at upload, `nosniff`
 * so no browser second-guesses it, and `private` so no shared cache keeps a customer's proof.
 */
import { and, eq } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { AppContext } from '../../context';
import { files } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { IMAGE_EXTENSIONS, type ImageMime } from './sniff-image';

export interface FileContent {
  id: string;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const notFound = () => new AppError(Code.notFound, 'server:files.notFound');

/** `ownerAccountId` null: no owner check (the demo sandbox's review page only). */
export async function readFile(
  ctx: AppContext,
  id: string,
  ownerAccountId: string | null,
): Promise<FileContent> {
  const [row] = await ctx.database.db
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(
      ownerAccountId === null
        ? eq(files.id, id)
        : and(eq(files.id, id), eq(files.ownerAccountId, ownerAccountId)),
    );
  if (!row) throw notFound();
  const bytes = await ctx.storage.get(row.id);
  if (!bytes) throw notFound();
  return { id: row.id, mime: row.mime, bytes };
}

export function fileResponse(content: FileContent): Response {
  const extension = IMAGE_EXTENSIONS[content.mime as ImageMime] ?? 'bin';
  return new Response(content.bytes, {
    status: 200,
    headers: {
      'Content-Type': content.mime,
      'Content-Length': String(content.bytes.length),
      'Content-Disposition': `inline; filename="${content.id}.${extension}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private',
    },
  });
}
