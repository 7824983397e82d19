/**
 * The shell's per-user notice state (GET /api/notice/userNotice): the banner to scroll and whether
 * this is the user's first visit.
 *
 * firstVisit: true while the reader has no read row at all, that is, has neither read nor dismissed
 * any notice in any language. The first readNotice or moveNotice ends it, so the side menu's
 * pre-opened guide (spec §2, storage key `guide`) shows until the user has engaged with the notices.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BannerItem } from '../../../contract/notices';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { noticeReads, notices } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { Reader } from './reader';
import { readsOf, toBanner, visibleIn } from './reader';

/**
 * The newest published banner notice in this language, unless the reader has dismissed it. Only the
 * newest one ever reaches the banner (issue 18 §5): a new user with six banner notices taps "I know"
 * once, not six times; the older ones stay in the notice list. A newer banner notice shows again.
 */
export async function currentBanner(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
  db: Executor = ctx.database.db,
): Promise<BannerItem | null> {
  const [row] = await db
    .select({
      id: notices.id,
      title: notices.title,
      msg: notices.msg,
      publishedAt: notices.publishedAt,
      dismissedAt: noticeReads.dismissedAt,
    })
    .from(notices)
    .leftJoin(noticeReads, readsOf(reader))
    .where(and(visibleIn(lang, ctx.now(), reader), eq(notices.kind, 'banner')))
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(1);
  return row && row.dismissedAt === null ? toBanner(row) : null;
}

export async function userNotice(
  ctx: AppContext,
  reader: Reader,
  lang: Lang,
): Promise<{ banner: BannerItem | null; firstVisit: boolean }> {
  const db = ctx.database.db;
  const [banner, [anyRead]] = await Promise.all([
    currentBanner(ctx, reader, lang),
    db
      .select({ noticeId: noticeReads.noticeId })
      .from(noticeReads)
      .where(
        and(eq(noticeReads.accountId, reader.accountId), eq(noticeReads.subAccountId, reader.subAccountId)),
      )
      .limit(1),
  ]);
  return { banner, firstVisit: anyRead === undefined };
}
