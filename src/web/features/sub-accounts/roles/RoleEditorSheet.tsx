/**
 * Create or edit a role: name, remark and the permission tree, with a "preview as this role" view
 * of exactly what a member would see before anything is saved. A new role is created with its
 * keys in one call (role/add); an edited one is saved with role/edit (name, remark and keys),
 * which counts from the next request of every member holding it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildPermissionTree } from '@contract/permissions';
import { roleAdd, roleEdit, ROLE_NAME_MAX, ROLE_REMARK_MAX, type RoleView } from '@contract/roles';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { Tabs } from '../../../components/ui/Tabs';
import { TextField } from '../../../components/ui/TextField';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { useTeamRefresh } from '../api';
import { TEAM_NS } from '../i18n';
import { PermissionTreeEditor } from './PermissionTreeEditor';
import { RolePreview } from './RolePreview';

/** The tree is the contract's table itself: the same for every role and every account. */
const TREE = buildPermissionTree();

export interface RoleEditorSheetProps {
  /** null: a new role. */
  role: RoleView | null;
  onClose: () => void;
  /** Told the saved role before the sheet closes (the invite sheet chooses a role made from it). */
  onSaved?: (role: RoleView) => void;
}

type View = 'permissions' | 'preview';

export function RoleEditorSheet({ role, onClose, onSaved }: RoleEditorSheetProps) {
  const { t } = useTranslation(TEAM_NS);
  const refresh = useTeamRefresh();
  const { busy, run } = useBusy();
  const [name, setName] = useState(role?.name ?? '');
  const [remark, setRemark] = useState(role?.remark ?? '');
  const [keys, setKeys] = useState<string[]>(() => [...(role?.permissions ?? [])]);
  const [view, setView] = useState<View>('permissions');
  const [nameError, setNameError] = useState<string>();

  const save = () => {
    if (!name.trim()) return setNameError(t('roleEditor.nameRequired'));
    return void run(async () => {
      const input = { name: name.trim(), remark: remark.trim(), permissions: keys.join(',') };
      const saved = role ? await call(roleEdit, { roleId: role.id, ...input }) : await call(roleAdd, input);
      toastSuccess(t(role ? 'roleEditor.saved' : 'roleEditor.created', { name: saved.name }));
      refresh();
      onSaved?.(saved);
      onClose();
    });
  };

  return (
    <Sheet
      visible
      title={role ? t('roleEditor.editTitle', { name: role.name }) : t('roleEditor.createTitle')}
      onClose={onClose}
      wideWidth={640}
      fullHeight
      data-testid="role-editor"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('roleEditor.confirm')}
          onCancel={onClose}
          onConfirm={save}
          busy={busy}
          testId="role-save"
        />
      }
    >
      <div className="cp-team-form">
        <TextField
          name="roleName"
          label={t('roleEditor.name')}
          value={name}
          onChange={(value) => {
            setName(value);
            setNameError(undefined);
          }}
          maxLength={ROLE_NAME_MAX}
          autoComplete="off"
          error={nameError}
          data-testid="role-name"
        />
        <TextField
          name="remark"
          label={t('roleEditor.remark')}
          value={remark}
          onChange={setRemark}
          maxLength={ROLE_REMARK_MAX}
          autoComplete="off"
          data-testid="role-remark"
        />
      </div>
      <Tabs<View>
        items={[
          {
            key: 'permissions',
            title: t('roleEditor.permissions'),
            content: <PermissionTreeEditor tree={TREE} keys={keys} onChange={setKeys} />,
          },
          {
            key: 'preview',
            title: t('roleEditor.preview'),
            content: <RolePreview tree={TREE} keys={keys} />,
          },
        ]}
        activeKey={view}
        onChange={setView}
        label={t('roleEditor.permissions')}
        variant="pill"
        data-testid="role-editor-tabs"
      />
      {role && role.memberCount > 0 ? <p className="cp-team-note">{t('roleEditor.liveNote')}</p> : null}
    </Sheet>
  );
}
