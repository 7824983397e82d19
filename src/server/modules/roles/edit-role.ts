/**
 * `/api/sub/role/edit` and `/api/sub/role/permission` (POST): the role row is locked, changed and
 * logged with its keys before and after. Members read their role with every request, so the change
 * counts from their next one.
 */
import { eq } from 'drizzle-orm';
import { buildPermissionTree, normalisePermissions } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/client';
import { subRoles } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Call } from '../../lib/route';
import { findOwnRole, lockOwnRole, type RoleRow, roleViews } from './role-view';

async function changeRole(
  ctx: AppContext,
  call: Call,
  accountId: string,
  roleId: string,
  fields: Partial<Pick<RoleRow, 'name' | 'remark' | 'permissions'>>,
): Promise<RoleRow> {
  try {
    return await inTransaction(ctx.database.db, async (tx) => {
      const before = await lockOwnRole(tx, accountId, roleId);
      const [after] = await tx
        .update(subRoles)
        .set({ ...fields, updatedAt: ctx.now() })
        .where(eq(subRoles.id, roleId))
        .returning();
      call.auditDetail = {
        roleId,
        nameBefore: before.name,
        nameAfter: after!.name,
        permissionsBefore: normalisePermissions(before.permissions),
        permissionsAfter: normalisePermissions(after!.permissions),
      };
      return after!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('server:subAccounts.roleNameTaken');
    throw error;
  }
}

export async function editRole(
  ctx: AppContext,
  call: Call,
  accountId: string,
  input: { roleId: string; name: string; remark?: string | undefined; permissions?: string[] | undefined },
) {
  const row = await changeRole(ctx, call, accountId, input.roleId, {
    name: input.name,
    remark: input.remark ?? null,
    ...(input.permissions ? { permissions: normalisePermissions(input.permissions) } : {}),
  });
  const [view] = await roleViews(ctx.database.db, [row]);
  return view!;
}

function permissionView(row: RoleRow) {
  return { roleId: row.id, tree: buildPermissionTree(), granted: normalisePermissions(row.permissions) };
}

export async function readRolePermission(ctx: AppContext, accountId: string, roleId: string) {
  return permissionView(await findOwnRole(ctx.database.db, accountId, roleId));
}

export async function setRolePermission(
  ctx: AppContext,
  call: Call,
  accountId: string,
  roleId: string,
  permissions: string[],
) {
  return permissionView(
    await changeRole(ctx, call, accountId, roleId, { permissions: normalisePermissions(permissions) }),
  );
}
