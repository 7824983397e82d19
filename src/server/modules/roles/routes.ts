/** HTTP <-> contract for sub-account roles: every call is the main account's. */
import {
  roleAdd,
  roleAddFromTemplate,
  roleDelete,
  roleEdit,
  roleEnum,
  roleList,
  rolePermissionGet,
  rolePermissionSet,
} from '../../../contract/roles';
import { mainAccountOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { addRole } from './add-role';
import { addRoleFromTemplate } from './add-role-from-template';
import { deleteRole } from './delete-role';
import { editRole, readRolePermission, setRolePermission } from './edit-role';
import { enumRoles, listRoles } from './list-roles';

export function registerRolesRoutes(register: Registrar): void {
  register(roleEnum, (_input, call) => enumRoles(call.app, mainAccountOf(call).accountId));
  register(roleList, (input, call) => listRoles(call.app, mainAccountOf(call).accountId, input));
  register(roleAdd, (input, call) => addRole(call.app, call, mainAccountOf(call).accountId, input));
  register(roleAddFromTemplate, (input, call) =>
    addRoleFromTemplate(call.app, call, mainAccountOf(call).accountId, input),
  );
  register(roleEdit, (input, call) => editRole(call.app, call, mainAccountOf(call).accountId, input));
  register(roleDelete, async (input, call) => {
    await deleteRole(call.app, call, mainAccountOf(call).accountId, input.roleId);
    return null;
  });
  register(rolePermissionGet, (input, call) =>
    readRolePermission(call.app, mainAccountOf(call).accountId, input.roleId),
  );
  register(rolePermissionSet, (input, call) =>
    setRolePermission(call.app, call, mainAccountOf(call).accountId, input.roleId, input.permissions),
  );
}
