/** A role as the owner sees it, with its member count, and the lookups of the role operations. */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { RoleView } from '../../../contract/roles';
import { normalisePermissions } from '../../../contract/permissions';
import type { Executor, Tx } from '../../db/client';
import { subAccounts, subRoles } from '../../db/schema';
import { AppError } from '../../lib/errors';

export type RoleRow = typeof subRoles.$inferSelect;

export function roleNotFound(): AppError {
  return new AppError(404, 'server:subAccounts.roleNotFound');
}

/** The role of this account, row-locked (another account's role answers the same 404). */
export async function lockOwnRole(tx: Tx, accountId: string, roleId: string): Promise<RoleRow> {
  const [row] = await tx
    .select()
    .from(subRoles)
    .where(and(eq(subRoles.id, roleId), eq(subRoles.accountId, accountId)))
    .for('update');
  if (!row) throw roleNotFound();
  return row;
}

export async function findOwnRole(db: Executor, accountId: string, roleId: string): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(subRoles)
    .where(and(eq(subRoles.id, roleId), eq(subRoles.accountId, accountId)))
    .limit(1);
  if (!row) throw roleNotFound();
  return row;
}

export async function roleViews(db: Executor, rows: readonly RoleRow[]): Promise<RoleView[]> {
  const ids = rows.map((row) => row.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ roleId: subAccounts.roleId, n: count() })
          .from(subAccounts)
          .where(inArray(subAccounts.roleId, ids))
          .groupBy(subAccounts.roleId);
  const members = new Map(counts.map((c) => [c.roleId, c.n]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    remark: row.remark,
    permissions: normalisePermissions(row.permissions),
    memberCount: members.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
