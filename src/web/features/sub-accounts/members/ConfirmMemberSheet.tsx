/**
 * The actions that only need a yes: freeze (the member's sessions end at once), unfreeze, and
 * reset password (sessions end, a set-password link is mailed to the member).
 */
import { useTranslation } from 'react-i18next';
import { subFrozen, subResetPwd } from '@contract/sub-accounts';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { TEAM_NS } from '../i18n';
import type { MemberSheetProps } from './member-sheet';
import { memberName } from './member-status';

export function ConfirmMemberSheet({
  member,
  action,
  onClose,
  onDone,
}: MemberSheetProps & { action: 'freeze' | 'unfreeze' | 'resetPwd' }) {
  const { t } = useTranslation(TEAM_NS);
  const { busy, run } = useBusy();
  const texts = { name: memberName(member), email: member.email };

  const confirm = () =>
    run(async () => {
      if (action === 'resetPwd') await call(subResetPwd, { subAccountId: member.id });
      else await call(subFrozen, { subAccountId: member.id, frozen: action === 'freeze' ? 1 : 0 });
      toastSuccess(t(`${action}.done`, texts));
      onDone();
    });

  return (
    <Sheet
      visible
      title={t(`${action}.title`, texts)}
      onClose={onClose}
      data-testid={`member-${action}`}
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t(`${action}.confirm`)}
          onCancel={onClose}
          onConfirm={() => void confirm()}
          busy={busy}
          color={action === 'unfreeze' ? 'primary' : 'danger'}
          testId={`member-${action}`}
        />
      }
    >
      <p className="cp-sheet-text">{t(`${action}.text`, texts)}</p>
    </Sheet>
  );
}
