/**
 * The roles tab: every role with its remark, how many permissions and members it has, and
 * create, edit (name, remark, permission tree), preview and delete.
 */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPermissionTree } from '@contract/permissions';
import type { RoleView } from '@contract/roles';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { Sheet } from '../../../components/ui/Sheet';
import { useRoles } from '../api';
import { TEAM_NS } from '../i18n';
import { DeleteRoleSheet } from './DeleteRoleSheet';
import { RoleEditorSheet } from './RoleEditorSheet';
import { RolePreview } from './RolePreview';

const TREE = buildPermissionTree();

type Open = { kind: 'edit'; role: RoleView | null } | { kind: 'delete' | 'preview'; role: RoleView };

export function RolesPanel() {
  const { t } = useTranslation(TEAM_NS);
  const roles = useRoles();
  const [open, setOpen] = useState<Open | null>(null);

  const columns: DataColumn<RoleView>[] = [
    {
      key: 'name',
      title: t('roles.column.name'),
      primary: true,
      render: (role) => <strong className="cp-team-role-name">{role.name}</strong>,
    },
    { key: 'remark', title: t('roles.column.remark'), render: (role) => role.remark ?? '—' },
    {
      key: 'permissions',
      title: t('roles.column.permissions'),
      render: (role) => t('roles.permissionCount', { count: role.permissions.length }),
    },
    {
      key: 'members',
      title: t('roles.column.members'),
      render: (role) => t('roles.memberCount', { count: role.memberCount }),
    },
  ];

  return (
    <div className="cp-team-panel" data-testid="roles-panel">
      <div className="cp-team-panel__bar">
        <Button
          color="primary"
          onClick={() => setOpen({ kind: 'edit', role: null })}
          data-testid="role-create"
        >
          {t('roles.create')}
        </Button>
      </div>
      <DataList
        columns={columns}
        rows={roles.data?.data ?? []}
        rowKey={(role) => role.id}
        caption={t('roles.caption')}
        onRefresh={() => roles.refetch()}
        loading={roles.isFetching}
        empty={t('roles.empty')}
        actions={(role) => (
          <span className="cp-team-row-actions">
            <Button
              size="small"
              fill="outline"
              onClick={() => setOpen({ kind: 'edit', role })}
              data-testid={`role-edit-${role.name}`}
            >
              {t('roles.edit')}
            </Button>
            <Button size="small" fill="none" onClick={() => setOpen({ kind: 'preview', role })}>
              {t('roles.preview')}
            </Button>
            <Button
              size="small"
              fill="none"
              color="danger"
              onClick={() => setOpen({ kind: 'delete', role })}
              data-testid={`role-delete-${role.name}`}
            >
              {t('roles.delete')}
            </Button>
          </span>
        )}
        data-testid="roles-list"
      />

      {open?.kind === 'edit' ? <RoleEditorSheet role={open.role} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? <DeleteRoleSheet role={open.role} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'preview' ? (
        <Sheet
          visible
          title={t('preview.title', { name: open.role.name })}
          onClose={() => setOpen(null)}
          wideWidth={560}
          data-testid="role-preview-sheet"
        >
          <RolePreview tree={TREE} keys={open.role.permissions} />
        </Sheet>
      ) : null}
    </div>
  );
}
