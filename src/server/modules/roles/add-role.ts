/** `/api/sub/role/add`: names are unique within the account (409). */
import { normalisePermissions } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { subRoles } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Call } from '../../lib/route';
import { roleViews } from './role-view';

export async function addRole(
  ctx: AppContext,
  call: Call,
  accountId: string,
  input: { name: string; remark?: string | undefined; permissions: string[] },
) {
  const now = ctx.now();
  const permissions = normalisePermissions(input.permissions);
  try {
    const [row] = await ctx.database.db
      .insert(subRoles)
      .values({
        id: newId(),
        accountId,
        name: input.name,
        remark: input.remark ?? null,
        permissions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    call.auditDetail = {
      roleId: row!.id,
      name: row!.name,
      permissionsBefore: [],
      permissionsAfter: permissions,
    };
    const [view] = await roleViews(ctx.database.db, [row!]);
    return view!;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('server:subAccounts.roleNameTaken');
    throw error;
  }
}
