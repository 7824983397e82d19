/** `/api/sub/role/list` and `/api/sub/role/enum`. */
import { and, asc, count, eq, ilike } from 'drizzle-orm';
import type { ParsedRequestOf } from '../../../contract/core';
import type { roleList } from '../../../contract/roles';
import type { AppContext } from '../../context';
import { subRoles } from '../../db/schema';
import { roleViews } from './role-view';

export async function listRoles(ctx: AppContext, accountId: string, query: ParsedRequestOf<typeof roleList>) {
  const where = and(
    eq(subRoles.accountId, accountId),
    query.keyword
      ? ilike(subRoles.name, `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
  );
  const db = ctx.database.db;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(subRoles)
      .where(where)
      .orderBy(asc(subRoles.name), asc(subRoles.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(subRoles).where(where),
  ]);
  return {
    data: await roleViews(db, rows),
    total: totals[0]?.n ?? 0,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export function enumRoles(ctx: AppContext, accountId: string) {
  return ctx.database.db
    .select({ id: subRoles.id, name: subRoles.name })
    .from(subRoles)
    .where(eq(subRoles.accountId, accountId))
    .orderBy(asc(subRoles.name), asc(subRoles.id));
}
