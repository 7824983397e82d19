/**
 * Delete a role, after a confirmation. A role that members still hold cannot go (the server
 * refuses with 422): the sheet says so up front instead of offering a button that would fail.
 */
import { useTranslation } from 'react-i18next';
import { roleDelete, type RoleView } from '@contract/roles';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons, SheetButton } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { useTeamRefresh } from '../api';
import { TEAM_NS } from '../i18n';

export function DeleteRoleSheet({ role, onClose }: { role: RoleView; onClose: () => void }) {
  const { t } = useTranslation(TEAM_NS);
  const refresh = useTeamRefresh();
  const { busy, run } = useBusy();
  const inUse = role.memberCount > 0;

  const confirm = () =>
    run(async () => {
      await call(roleDelete, { roleId: role.id });
      toastSuccess(t('roleDelete.done', { name: role.name }));
      refresh();
      onClose();
    });

  return (
    <Sheet
      visible
      title={t('roleDelete.title', { name: role.name })}
      onClose={onClose}
      data-testid="role-delete"
      footer={
        inUse ? (
          <SheetButton fill="outline" color="default" onClick={onClose} data-testid="role-delete-close">
            {t('close')}
          </SheetButton>
        ) : (
          <ConfirmButtons
            cancel={t('cancel')}
            confirm={t('roleDelete.confirm')}
            onCancel={onClose}
            onConfirm={() => void confirm()}
            busy={busy}
            color="danger"
            testId="role-delete"
          />
        )
      }
    >
      <p className={inUse ? 'cp-notice cp-notice--warn' : 'cp-sheet-text'} data-testid="role-delete-text">
        {inUse ? t('roleDelete.inUse', { count: role.memberCount }) : t('roleDelete.text')}
      </p>
    </Sheet>
  );
}
