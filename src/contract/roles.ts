/**
 * Sub-account roles (spec §3 "Role: name, remark, permissions", §6): a main account's named sets
 * of permission keys from the one table of permissions.ts. A change counts from the next request
 * of every member holding the role, and is written to the operation log with the keys before and
 * after.
 */
import { z } from 'zod';
import { endpoint, isoTime, nothing, pageOf, pageQuery } from './core';
import { optionalText, requiredText } from './fields';
import { isPermissionKey, PERMISSION_KEYS, permissionTree, type PermissionKey } from './permissions';

export const ROLE_NAME_MAX = 32;
export const ROLE_REMARK_MAX = 200;

/** Form bodies send the keys comma-separated; JSON sends an array. Unknown keys are refused. */
const permissionKeys = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : (v ?? []),
  z
    .array(z.string().max(64))
    .max(100)
    .refine((keys) => keys.every(isPermissionKey), { error: 'roles:validation.unknownPermission' }),
);

export const roleView = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  /** The keys as granted (required keys included), in table order. */
  permissions: z.array(z.string()),
  /** Members holding the role (a role in use cannot be deleted). */
  memberCount: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type RoleView = z.infer<typeof roleView>;

const roleName = z
  .string({ error: 'roles:validation.name' })
  .trim()
  .min(1, { error: 'roles:validation.name' })
  .max(ROLE_NAME_MAX, { error: 'roles:validation.name' });
const remark = optionalText(z.string().trim().max(ROLE_REMARK_MAX, { error: 'common:validation.tooLong' }));
const roleId = requiredText(64);

export const roleEnum = endpoint({
  id: 'roles.enum',
  method: 'GET',
  path: '/api/sub/role/enum',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'Every role of the account (id and name), for pickers and filters.',
  request: z.object({}),
  response: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const roleList = endpoint({
  id: 'roles.list',
  method: 'GET',
  path: '/api/sub/role/list',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'The roles with their keys and member counts, by name.',
  request: pageQuery.extend({ keyword: optionalText(z.string().trim().max(64)) }),
  response: pageOf(roleView),
});

export const roleAdd = endpoint({
  id: 'roles.add',
  method: 'POST',
  path: '/api/sub/role/add',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Create a role (names unique within the account, 409 otherwise) with its keys.',
  request: z.object({ name: roleName, remark, permissions: permissionKeys }),
  response: roleView,
});

export const roleEdit = endpoint({
  id: 'roles.edit',
  method: 'POST',
  path: '/api/sub/role/edit',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Rename a role or change its remark (and its keys, when `permissions` is sent).',
  request: z.object({ roleId, name: roleName, remark, permissions: optionalText(permissionKeys) }),
  response: roleView,
});

export const roleDelete = endpoint({
  id: 'roles.delete',
  method: 'POST',
  path: '/api/sub/role/delete',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary: 'Delete a role; refused (422) while any member holds it.',
  request: z.object({ roleId }),
  response: nothing,
});

// ---------------------------------------------------------------------------------------------
// Role templates (issue 34 §5): ready-made permission sets, so a new account can invite its first
// member without designing a role first. Names and descriptions: `roles:templates.<id>.name` and
// `.description` in the locale files. A template is only a starting set: the role made from it is
// an ordinary role, edited like any other.

export const ROLE_TEMPLATE_IDS = ['cardOperator', 'financeViewer', 'fullAccess'] as const;
export type RoleTemplateId = (typeof ROLE_TEMPLATE_IDS)[number];

export const ROLE_TEMPLATES: Record<RoleTemplateId, readonly PermissionKey[]> = {
  // Runs cards day to day: opens, tops up, freezes, reads codes and records; no wallet, no deleting
  // or withdrawing (money back out of a card), no export of card numbers.
  cardOperator: [
    'card:open',
    'card:list',
    'card:detail',
    'card:recharge',
    'card:freeze',
    'card:edit',
    'card:otp',
    'card:record',
    'card:groups',
    'card:tags',
    'personal:account',
  ],
  // Reads the money: wallet, financial records, the card list and card records; changes nothing
  // and sees no card secrets (no card:detail, no card:otp).
  financeViewer: ['finance:wallet', 'finance:record', 'card:list', 'card:record', 'personal:account'],
  fullAccess: PERMISSION_KEYS,
};

export const roleTemplateId = z.enum(ROLE_TEMPLATE_IDS, { error: 'roles:validation.unknownTemplate' });

export const roleAddFromTemplate = endpoint({
  id: 'roles.addFromTemplate',
  method: 'POST',
  path: '/api/sub/role/addFromTemplate',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Create a role with a template’s keys, named by the template in the caller’s language unless `name` is sent. ' +
    'When the account already has a role of that name with exactly those keys, that role is answered (a retry ' +
    'makes no second role); a name taken by another role is 409, an unknown template 400.',
  request: z.object({ template: roleTemplateId, name: optionalText(roleName) }),
  response: roleView,
});

export const rolePermissionView = z.object({
  roleId: z.string(),
  /** The whole tree (every key that can be granted), built from the permission table. */
  tree: permissionTree,
  /** The keys the role holds. */
  granted: z.array(z.string()),
});

export const rolePermissionGet = endpoint({
  id: 'roles.permissionGet',
  method: 'GET',
  path: '/api/sub/role/permission',
  encoding: 'query',
  auth: 'bearer',
  permission: 'main',
  summary: 'The permission tree and the keys the role holds.',
  request: z.object({ roleId }),
  response: rolePermissionView,
});

export const rolePermissionSet = endpoint({
  id: 'roles.permissionSet',
  method: 'POST',
  path: '/api/sub/role/permission',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  summary:
    'Replace the role’s keys (required keys added); members feel it on their next request. Unknown keys: 400.',
  request: z.object({ roleId, permissions: permissionKeys }),
  response: rolePermissionView,
});

export const rolesEndpoints = [
  roleEnum,
  roleList,
  roleAdd,
  roleAddFromTemplate,
  roleEdit,
  roleDelete,
  rolePermissionGet,
  rolePermissionSet,
];
