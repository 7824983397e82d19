/**
 * A page of the notices a reader can see in one language, newest first, with the reader's read flag
 * (GET /api/notice/list and /api/notice/page).
 */
import type { SQL } from 'drizzle-orm';
import { and, count, desc, ilike, isNull } from 'drizzle-orm';
import type { NoticeItem } from '../../../contract/notices';
import type { AppContext } from '../../context';
import { noticeReads, notices } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { Reader } from './reader';
import { itemColumns, readsOf, toItem, visibleIn } from './reader';

export interface NoticeFilter {
  pageNo: number;
  pageSize: number;
  /** Matches the title, case-insensitive; `%` and `_` are literal. */
  keyword?: string | undefined;
  unreadOnly?: boolean | undefined;
}

export interface NoticePage {
  data: NoticeItem[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** LIKE pattern for a literal substring. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listNotices(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
  filter: NoticeFilter,
): Promise<NoticePage> {
  const db = ctx.database.db;
  const conditions: (SQL | undefined)[] = [visibleIn(lang, ctx.now(), reader)];
  if (filter.keyword) conditions.push(ilike(notices.title, containing(filter.keyword)));
  if (filter.unreadOnly) conditions.push(isNull(noticeReads.readAt));
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    db
      .select(itemColumns)
      .from(notices)
      .leftJoin(noticeReads, readsOf(reader))
      .where(where)
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize),
    db.select({ n: count() }).from(notices).leftJoin(noticeReads, readsOf(reader)).where(where),
  ]);
  return {
    data: rows.map(toItem),
    total: totals[0]?.n ?? 0,
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}
