/** `/api/sub/editRole`: logged with the role and its keys before and after. */
import { and, eq } from 'drizzle-orm';
import { normalisePermissions } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { subRoles } from '../../db/schema';
import type { Call } from '../../lib/route';
import { roleNotFound } from './add-sub';
import { updateSub } from './update-sub';

async function roleKeys(db: Executor, roleId: string) {
  const [role] = await db
    .select({ permissions: subRoles.permissions })
    .from(subRoles)
    .where(eq(subRoles.id, roleId))
    .limit(1);
  return normalisePermissions(role?.permissions ?? []);
}

export async function changeSubRole(
  ctx: AppContext,
  call: Call,
  accountId: string,
  subId: string,
  roleId: string,
) {
  const db = ctx.database.db;
  const [role] = await db
    .select({ id: subRoles.id })
    .from(subRoles)
    .where(and(eq(subRoles.id, roleId), eq(subRoles.accountId, accountId)))
    .limit(1);
  if (!role) throw roleNotFound();
  let before: string[] = [];
  const view = await updateSub(
    ctx,
    call,
    accountId,
    subId,
    async (row, tx) => {
      before = await roleKeys(tx, row.roleId);
      return row.roleId === roleId ? null : { roleId };
    },
    (row) => ({ roleId: row.roleId }),
  );
  call.auditDetail = {
    ...call.auditDetail,
    subAccountId: subId,
    permissionsBefore: before,
    permissionsAfter: await roleKeys(db, roleId),
  };
  return view;
}
