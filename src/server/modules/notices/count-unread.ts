/** How many notices of one language a reader has not read yet. */
import { and, count, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { noticeReads, notices } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { Reader } from './reader';
import { readsOf, visibleIn } from './reader';

export async function countUnread(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
  db: Executor = ctx.database.db,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .leftJoin(noticeReads, readsOf(reader))
    .where(and(visibleIn(lang, ctx.now(), reader), isNull(noticeReads.readAt)));
  return row?.n ?? 0;
}
