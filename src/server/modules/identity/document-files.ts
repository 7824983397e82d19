/** Document images must be the customer's own uploads made for verification (identity/upload). */
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { Tx } from '../../db/client';
import { files } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Refuses (422, naming the fields) any file id that is not an identity upload of this account. */
export async function checkDocumentFiles(
  tx: Tx,
  accountId: string,
  byField: Record<string, string | undefined>,
): Promise<void> {
  const wanted = Object.entries(byField).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (wanted.length === 0) return;
  const owned = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(
          files.id,
          wanted.map(([, id]) => id),
        ),
        eq(files.ownerAccountId, accountId),
        eq(files.purpose, 'identity_doc'),
      ),
    );
  const ownedIds = new Set(owned.map((row) => row.id));
  const bad = wanted.filter(([, id]) => !ownedIds.has(id)).map(([field]) => field);
  if (bad.length > 0) throw new AppError(Code.unprocessable, 'server:identity.fileInvalid', { fields: bad });
}
