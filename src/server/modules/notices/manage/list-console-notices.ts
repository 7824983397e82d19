/** The console's notice list: every notice (drafts, scheduled, published, retired), newest first, paged. */
import { count, desc } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { notices } from '../../../db/schema';
import type { ConsoleNotice } from './notice-state';
import { targetsOf, toConsoleNotice } from './notice-state';

export async function listConsoleNotices(
  ctx: AppContext,
  page: { pageNo: number; pageSize: number },
): Promise<{ data: ConsoleNotice[]; total: number; pageNo: number; pageSize: number }> {
  const db = ctx.database.db;
  const now = ctx.now();
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notices)
      .orderBy(desc(notices.updatedAt), desc(notices.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(notices),
  ]);
  const targets = await targetsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toConsoleNotice(row, targets.get(row.id) ?? [], now)),
    total: totals[0]?.n ?? 0,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
  };
}
