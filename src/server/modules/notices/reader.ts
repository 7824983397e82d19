/**
 * Shared pieces of the notice operations: who reads (a user of an account), which notices they can
 * see, and how a row becomes a contract item.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { BannerItem, NoticeItem } from '../../../contract/notices';
import { noticeReads, notices, noticeTargets } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { Call } from '../../lib/route';

/**
 * A reader is one user: the main account user (`subAccountId` '') or one sub-account user. Read and
 * dismissed state is kept per reader.
 */
export interface Reader {
  accountId: string;
  subAccountId: string;
}

export function readerOf(call: Call): Reader {
  // The route layer authenticates every bearer endpoint before its handler runs.
  if (!call.principal) throw new Error('readerOf() used on an endpoint that is not bearer-authenticated');
  return { accountId: call.principal.accountId, subAccountId: call.principal.subAccountId ?? '' };
}

/** The join condition that attaches this reader's read row (if any) to a notice. */
export function readsOf(reader: Reader) {
  return and(
    eq(noticeReads.noticeId, notices.id),
    eq(noticeReads.accountId, reader.accountId),
    eq(noticeReads.subAccountId, reader.subAccountId),
  );
}

/**
 * The notices this reader may see in one language: the set every list, count, banner and read starts
 * from. Published (no draft, its time has come), not retired, and meant for everyone or for the
 * reader's account: a notice for chosen customers never reaches anyone else (issue 31).
 */
export function visibleIn(lang: Lang, now: Date, reader: Reader) {
  return and(eq(notices.lang, lang), visibleTo(reader, now));
}

/** As `visibleIn`, in any language (a reader may switch language between list and read). */
export function visibleTo(reader: Reader, now: Date) {
  return and(
    eq(notices.draft, false),
    lte(notices.publishedAt, now),
    isNull(notices.retiredAt),
    or(
      eq(notices.audience, 'all'),
      sql`exists (select 1 from ${noticeTargets} where ${noticeTargets.noticeId} = ${notices.id} and ${noticeTargets.accountId} = ${reader.accountId})`,
    ),
  );
}

/** Columns selected for an item; `readAt` comes from the left-joined read row. */
export const itemColumns = {
  id: notices.id,
  title: notices.title,
  msg: notices.msg,
  kind: notices.kind,
  publishedAt: notices.publishedAt,
  readAt: noticeReads.readAt,
};

export interface ItemRow {
  id: string;
  title: string;
  msg: string;
  kind: 'banner' | 'normal';
  publishedAt: Date;
  readAt: Date | null;
}

export function toItem(row: ItemRow): NoticeItem {
  return {
    id: row.id,
    title: row.title,
    msg: row.msg,
    createTime: row.publishedAt.toISOString(),
    kind: row.kind,
    read: row.readAt !== null,
  };
}

export function toBanner(row: { id: string; title: string; msg: string; publishedAt: Date }): BannerItem {
  return { id: row.id, title: row.title, msg: row.msg, createTime: row.publishedAt.toISOString() };
}
