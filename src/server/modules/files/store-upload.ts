/**
 * Stores one uploaded image (spec §5): the size is checked before the bytes are read, the type by
 * the content, and the bytes go to the storage provider under a new server-made id, which is also
 * the `files` row's id. The client's file name is never read. If the row cannot be written, the
 * stored bytes are removed again so storage holds nothing that no row owns — also when the
 * account's upload quota (upload-quota.ts) refuses it.
 */
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { files } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { sniffImage } from './sniff-image';
import { refuseOverQuota } from './upload-quota';
import { tooLargeError, uploadLimitBytes } from './upload-limit';

export type FilePurpose = (typeof files.$inferInsert)['purpose'];

export interface StoredUpload {
  fileId: string;
  url: string;
}

export function fileUrl(fileId: string): string {
  return `/api/file/view?id=${encodeURIComponent(fileId)}`;
}

export async function storeUpload(
  ctx: AppContext,
  owner: { accountId: string; purpose: FilePurpose; uploadedBySubId?: string | null },
  file: Blob,
): Promise<StoredUpload> {
  if (file.size > uploadLimitBytes(ctx.env)) throw tooLargeError(ctx.env);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Blob sizes can be claimed by a stream; the bytes actually read decide.
  if (bytes.length > uploadLimitBytes(ctx.env)) throw tooLargeError(ctx.env);
  const mime = sniffImage(bytes);
  if (!mime) throw fail.rule('server:files.wrongType');

  const fileId = newId();
  await ctx.storage.put(fileId, bytes);
  try {
    await inTransaction(ctx.database.db, async (tx) => {
      await refuseOverQuota(ctx, tx, owner.accountId, bytes.length);
      await tx.insert(files).values({
        id: fileId,
        ownerAccountId: owner.accountId,
        uploadedBySubId: owner.uploadedBySubId ?? null,
        purpose: owner.purpose,
        mime,
        size: bytes.length,
        createdAt: ctx.now(),
      });
    });
  } catch (error) {
    await ctx.storage.remove(fileId).catch(() => undefined);
    throw error;
  }
  return { fileId, url: fileUrl(fileId) };
}
