/**
 * The banner's "I know" button (GET /api/notice/moveNotice): moves a notice out of this reader's
 * banner for good and marks it read. The notice stays in list and page (read). Idempotent: the first
 * dismissedAt and the first readAt are kept. Other readers are untouched. Works on any published
 * notice; only banner notices are ever in the banner, so for a normal one it acts as a read.
 */
import { sql } from 'drizzle-orm';
import type { BannerItem } from '../../../contract/notices';
import type { AppContext } from '../../context';
import { noticeReads } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { countUnread } from './count-unread';
import { requirePublishedNotice } from './find-notice';
import type { Reader } from './reader';
import { currentBanner } from './user-notice';

export interface MovedNotice {
  id: string;
  dismissedAt: string;
  unread: number;
  /** The banner to show next, or null. */
  banner: BannerItem | null;
}

export async function moveNotice(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
  id: string,
): Promise<MovedNotice> {
  const db = ctx.database.db;
  await requirePublishedNotice(ctx, reader, id);
  const now = ctx.now();
  const [row] = await db
    .insert(noticeReads)
    .values({
      accountId: reader.accountId,
      subAccountId: reader.subAccountId,
      noticeId: id,
      readAt: now,
      dismissedAt: now,
    })
    .onConflictDoUpdate({
      target: [noticeReads.accountId, noticeReads.subAccountId, noticeReads.noticeId],
      set: { dismissedAt: sql`coalesce(${noticeReads.dismissedAt}, excluded.dismissed_at)` },
    })
    .returning({ dismissedAt: noticeReads.dismissedAt });
  if (!row?.dismissedAt) throw new Error('notice dismissal not stored');
  const [unread, banner] = await Promise.all([
    countUnread(ctx, reader, lang),
    currentBanner(ctx, reader, lang),
  ]);
  return { id, dismissedAt: row.dismissedAt.toISOString(), unread, banner };
}
