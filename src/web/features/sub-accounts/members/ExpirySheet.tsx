/** What happens to a member's cards when their validity ends (reminded by e-mail 7 days before). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subExpiryPolicy } from '@contract/sub-accounts';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { TEAM_NS } from '../i18n';
import { ExpiryChoice } from './ExpiryChoice';
import type { MemberSheetProps } from './member-sheet';
import { memberName } from './member-status';

export function ExpirySheet({ member, onClose, onDone }: MemberSheetProps) {
  const { t } = useTranslation(TEAM_NS);
  const { busy, run } = useBusy();
  const [policy, setPolicy] = useState(member.expiryPolicy);
  const name = memberName(member);

  const confirm = () =>
    run(async () => {
      await call(subExpiryPolicy, { subAccountId: member.id, expiryPolicy: policy });
      toastSuccess(t('expiry.done'));
      onDone();
    });

  return (
    <Sheet
      visible
      title={t('expiry.title', { name })}
      onClose={onClose}
      data-testid="member-expiry"
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={t('save')}
          onCancel={onClose}
          onConfirm={() => void confirm()}
          busy={busy}
          disabled={policy === member.expiryPolicy}
          testId="member-expiry"
        />
      }
    >
      <p className="cp-sheet-text">{t('expiry.text', { name })}</p>
      <ExpiryChoice value={policy} onChange={setPolicy} legend={t('actions.expiryPolicy')} />
    </Sheet>
  );
}
