/** `/api/sub/list` and `/api/sub/user/enum`: the members of the account. */
import { and, asc, count, desc, eq, gt, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { ParsedRequestOf } from '../../../contract/core';
import type { subList } from '../../../contract/sub-accounts';
import type { AppContext } from '../../context';
import { subAccounts } from '../../db/schema';
import { viewsOf } from './sub-view';

/** `%` and `_` typed by the user are matched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listSubs(ctx: AppContext, accountId: string, query: ParsedRequestOf<typeof subList>) {
  const now = ctx.now();
  const conditions: (SQL | undefined)[] = [eq(subAccounts.accountId, accountId)];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(
      or(
        ilike(subAccounts.nickname, pattern),
        ilike(subAccounts.email, pattern),
        ilike(subAccounts.subUid, pattern),
      ),
    );
  }
  if (query.status) conditions.push(eq(subAccounts.status, query.status));
  if (query.roleId) conditions.push(eq(subAccounts.roleId, query.roleId));
  if (query.expired === '1') conditions.push(lte(subAccounts.validUntil, now));
  if (query.expired === '0') conditions.push(gt(subAccounts.validUntil, now));
  const where = and(...conditions);
  const db = ctx.database.db;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(subAccounts)
      .where(where)
      .orderBy(desc(subAccounts.createdAt), desc(subAccounts.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(subAccounts).where(where),
  ]);
  return {
    data: await viewsOf(ctx, db, rows),
    total: totals[0]?.n ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function enumSubs(ctx: AppContext, accountId: string) {
  return ctx.database.db
    .select({
      id: subAccounts.id,
      subUid: subAccounts.subUid,
      nickname: subAccounts.nickname,
      email: subAccounts.email,
    })
    .from(subAccounts)
    .where(eq(subAccounts.accountId, accountId))
    .orderBy(asc(subAccounts.nickname), asc(subAccounts.id));
}
