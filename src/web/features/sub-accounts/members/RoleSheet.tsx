/** Give a member another role; it counts from their very next request (no new sign-in). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subEditRole } from '@contract/sub-accounts';
import { SelectField } from '../../../components/ui/SelectField';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { useRoleEnum } from '../api';
import { TEAM_NS } from '../i18n';
import type { MemberSheetProps } from './member-sheet';
import { memberName } from './member-status';

export function RoleSheet({ member, onClose, onDone }: MemberSheetProps) {
  const { t } = useTranslation(TEAM_NS);
  const { busy, run } = useBusy();
  const roles = useRoleEnum();
  const [roleId, setRoleId] = useState(member.roleId);
  const name = memberName(member);

  const confirm = () =>
    run(async () => {
      const updated = await call(subEditRole, { subAccountId: member.id, roleId });
      toastSuccess(t('role.done', { name, role: updated.roleName }));
      onDone();
    });

  return (
    <Sheet
      visible
      title={t('role.title', { name })}
      onClose={onClose}
      data-testid="member-role"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('role.confirm')}
          onCancel={onClose}
          onConfirm={() => void confirm()}
          busy={busy}
          disabled={roleId === member.roleId}
          testId="member-role"
        />
      }
    >
      <SelectField<string>
        label={t('role.label')}
        name="roleId"
        value={roleId}
        onChange={setRoleId}
        options={(roles.data ?? [{ id: member.roleId, name: member.roleName }]).map((role) => ({
          value: role.id,
          label: role.name,
        }))}
        data-testid="member-role-select"
      />
      <p className="cp-sheet-text">{t('role.text')}</p>
    </Sheet>
  );
}
