/** The reader's unread count and newest unread notice (GET /api/notice/noticeForUser). */
import { and, desc, isNull } from 'drizzle-orm';
import type { NoticeItem } from '../../../contract/notices';
import type { AppContext } from '../../context';
import { noticeReads, notices } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { countUnread } from './count-unread';
import type { Reader } from './reader';
import { itemColumns, readsOf, toItem, visibleIn } from './reader';

export async function noticeForUser(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
): Promise<{ unread: number; latest: NoticeItem | null }> {
  const [unread, [latest]] = await Promise.all([
    countUnread(ctx, reader, lang),
    ctx.database.db
      .select(itemColumns)
      .from(notices)
      .leftJoin(noticeReads, readsOf(reader))
      .where(and(visibleIn(lang, ctx.now(), reader), isNull(noticeReads.readAt)))
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(1),
  ]);
  return { unread, latest: latest ? toItem(latest) : null };
}
