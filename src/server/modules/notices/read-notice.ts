/**
 * Mark a notice read for one reader: unread to read (spec §4), GET /api/notice/readNotice. Idempotent:
 * a second read keeps the first readAt. Other readers are untouched.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { noticeReads } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { countUnread } from './count-unread';
import { requirePublishedNotice } from './find-notice';
import type { Reader } from './reader';

export async function readNotice(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
  id: string,
): Promise<{ id: string; readAt: string; unread: number }> {
  const db = ctx.database.db;
  await requirePublishedNotice(ctx, reader, id);
  // One statement, safe under concurrent calls: the primary key makes the second insert a no-op.
  await db
    .insert(noticeReads)
    .values({
      accountId: reader.accountId,
      subAccountId: reader.subAccountId,
      noticeId: id,
      readAt: ctx.now(),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ readAt: noticeReads.readAt })
    .from(noticeReads)
    .where(
      and(
        eq(noticeReads.accountId, reader.accountId),
        eq(noticeReads.subAccountId, reader.subAccountId),
        eq(noticeReads.noticeId, id),
      ),
    );
  if (!row) throw new Error('notice read row missing after insert');
  return { id, readAt: row.readAt.toISOString(), unread: await countUnread(ctx, reader, lang) };
}
