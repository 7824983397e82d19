/**
 * A notice as the console sees it: every notice, whatever its state, with the accounts it is meant
 * for. The state is derived, never stored: `draft` (not published), `scheduled` (published for a
 * time still to come), `published`, `retired`.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { accounts, notices, noticeTargets } from '../../../db/schema';
import { fail } from '../../../lib/errors';

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeState = 'draft' | 'scheduled' | 'published' | 'retired';

export interface ConsoleNotice {
  id: string;
  lang: 'zh-CN' | 'en';
  kind: 'banner' | 'normal';
  title: string;
  msg: string;
  state: NoticeState;
  audience: 'all' | 'chosen';
  /** The chosen customers' addresses (audience `chosen`). */
  targets: string[];
  publishAt: string | null;
  retiredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function noticeState(row: NoticeRow, now: Date): NoticeState {
  if (row.retiredAt) return 'retired';
  if (row.draft) return 'draft';
  return row.publishedAt > now ? 'scheduled' : 'published';
}

export async function targetsOf(db: Executor, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byNotice = new Map<string, string[]>();
  if (ids.length === 0) return byNotice;
  const rows = await db
    .select({ noticeId: noticeTargets.noticeId, email: accounts.email })
    .from(noticeTargets)
    .innerJoin(accounts, eq(accounts.id, noticeTargets.accountId))
    .where(inArray(noticeTargets.noticeId, [...ids]))
    .orderBy(accounts.email);
  for (const row of rows) byNotice.set(row.noticeId, [...(byNotice.get(row.noticeId) ?? []), row.email]);
  return byNotice;
}

export function toConsoleNotice(row: NoticeRow, targets: string[], now: Date): ConsoleNotice {
  const state = noticeState(row, now);
  return {
    id: row.id,
    lang: row.lang,
    kind: row.kind,
    title: row.title,
    msg: row.msg,
    state,
    audience: row.audience,
    targets,
    publishAt: row.draft ? null : row.publishedAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The notice, locked for the change (`for update`), or 422 `notices.notFound`. */
export async function lockNotice(db: Executor, id: string): Promise<NoticeRow> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id)).for('update').limit(1);
  if (!row) throw fail.rule('server:notices.notFound');
  return row;
}

export async function consoleNoticeOf(db: Executor, row: NoticeRow, now: Date): Promise<ConsoleNotice> {
  return toConsoleNotice(row, (await targetsOf(db, [row.id])).get(row.id) ?? [], now);
}
