/**
 * Upload quotas per account (issue 13 §2): without them one account could write about 40 MB/s to
 * disk. At most UPLOADS_PER_HOUR files an hour and QUOTA_BYTES stored in all; both answer 429 (the
 * hourly one with `retryAfter`). Checked and written under a per-account lock in the transaction
 * that records the file, so parallel uploads cannot slip past either limit.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { Code } from '../../../contract/core';

export const UPLOADS_PER_HOUR = 30;
export const QUOTA_BYTES = 100 * 1024 * 1024;
const HOUR_MS = 3600_000;

export async function refuseOverQuota(
  ctx: AppContext,
  tx: Executor,
  accountId: string,
  incomingBytes: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${accountId}`}))`);
  const now = ctx.now();
  const recent = await tx
    .select({ createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.ownerAccountId, accountId), gt(files.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(asc(files.createdAt));
  if (recent.length >= UPLOADS_PER_HOUR) {
    const oldest = recent[recent.length - UPLOADS_PER_HOUR]!.createdAt.getTime();
    throw fail.rateLimited(Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000)));
  }
  const [stored] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerAccountId, accountId));
  if (Number(stored?.bytes ?? 0) + incomingBytes > QUOTA_BYTES)
    throw new AppError(Code.rateLimited, 'server:files.quotaFull', null, { mb: QUOTA_BYTES / 1024 / 1024 });
}
