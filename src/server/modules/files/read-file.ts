/**
 * An uploaded file for whoever may read it (`GET /api/file/view`). Anyone else gets the same 404 as
 * for an unknown id, so ids cannot be probed. The answer carries the type detected at upload,
 * `nosniff` so no browser second-guesses it, and `private` so no shared cache keeps a customer's proof.
 *
 * Who reads a file (issue 29 §1, docs/decisions.md "Sub-accounts and roles"): the account that owns
 * it, and a member of its team only where the file's purpose is work its role may do:
 * - `identity_doc` (the owner's identity documents): nobody but the owner; identity verification
 *   is the owner's alone (its endpoints are `main`).
 * - `topup_proof` (the proof of a USD transfer into the owner's wallet): nobody but the owner; the
 *   transfer forecasts that name it are `main`.
 * - `general` (`/file/pub/upload`): the member that uploaded it, whatever its role (it sent those
 *   bytes itself); other members' and the owner's general files stay the owner's.
 * A member refused is answered the 404 of an unknown id: a file it may not read does not exist for it.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { AppContext } from '../../context';
import { files } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionPrincipal } from '../../lib/session';
import { IMAGE_EXTENSIONS, type ImageMime } from './sniff-image';

export interface FileContent {
  id: string;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const notFound = () => new AppError(Code.notFound, 'server:files.notFound');

/** The files a caller may read, as a condition on `files` (see the list above). */
export function readableBy(reader: Pick<SessionPrincipal, 'accountId' | 'subAccountId'>): SQL {
  const owned = eq(files.ownerAccountId, reader.accountId);
  if (reader.subAccountId === null) return owned;
  return and(owned, eq(files.purpose, 'general'), eq(files.uploadedBySubId, reader.subAccountId))!;
}

/** `reader` null: no check (the demo sandbox's review pages only). */
export async function readFile(
  ctx: AppContext,
  id: string,
  reader: Pick<SessionPrincipal, 'accountId' | 'subAccountId'> | null,
): Promise<FileContent> {
  const [row] = await ctx.database.db
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(reader === null ? eq(files.id, id) : and(eq(files.id, id), readableBy(reader)));
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
