/** `/api/sub/role/delete`: refused while a member holds the role (its row lock keeps it so). */
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { subAccounts, subRoles } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Call } from '../../lib/route';
import { lockOwnRole } from './role-view';

export async function deleteRole(
  ctx: AppContext,
  call: Call,
  accountId: string,
  roleId: string,
): Promise<void> {
  await inTransaction(ctx.database.db, async (tx) => {
    const role = await lockOwnRole(tx, accountId, roleId);
    const [held] = await tx.select({ n: count() }).from(subAccounts).where(eq(subAccounts.roleId, roleId));
    if ((held?.n ?? 0) > 0) throw fail.rule('server:subAccounts.roleInUse', { count: held!.n });
    await tx.delete(subRoles).where(eq(subRoles.id, roleId));
    call.auditDetail = { roleId, name: role.name, permissionsBefore: role.permissions, permissionsAfter: [] };
  });
}
