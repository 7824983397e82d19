/**
 * `/api/sub/role/addFromTemplate` (issue 34 §5): a role with a template's keys, so an owner can
 * invite before designing roles. The keys come from the contract's table, never from the request;
 * the name is the template's in the caller's language unless the owner sent one.
 */
import { and, eq } from 'drizzle-orm';
import { normalisePermissions } from '../../../contract/permissions';
import { ROLE_TEMPLATES, type RoleTemplateId } from '../../../contract/roles';
import type { AppContext } from '../../context';
import { subRoles } from '../../db/schema';
import { fail } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import type { Call } from '../../lib/route';
import { addRole } from './add-role';
import { roleViews } from './role-view';

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

export async function addRoleFromTemplate(
  ctx: AppContext,
  call: Call,
  accountId: string,
  input: { template: RoleTemplateId; name?: string | undefined },
) {
  const permissions = normalisePermissions(ROLE_TEMPLATES[input.template]);
  const name = input.name ?? translate(call.lang, `roles:templates.${input.template}.name`);
  // A retry (the answer lost on a bad connection) finds the role it made: same name, same keys.
  // Any other role of that name is the owner's own, and keeps it (409 from the unique name).
  const [existing] = await ctx.database.db
    .select()
    .from(subRoles)
    .where(and(eq(subRoles.accountId, accountId), eq(subRoles.name, name)))
    .limit(1);
  if (existing) {
    if (!sameKeys(normalisePermissions(existing.permissions), permissions)) {
      throw fail.conflict('server:subAccounts.roleNameTaken');
    }
    const [view] = await roleViews(ctx.database.db, [existing]);
    return view!;
  }
  return addRole(ctx, call, accountId, { name, permissions });
}
