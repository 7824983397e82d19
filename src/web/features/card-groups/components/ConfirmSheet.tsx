/** A yes/no question before a deletion (a group, a tag): ActionSheet in red, closed once done. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet } from '../../../components/ui/ActionSheet';
import { CARD_GROUPS_NS } from '../i18n';

export interface ConfirmSheetProps {
  title: string;
  confirm: string;
  children: ReactNode;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

export function ConfirmSheet({ title, confirm, children, onConfirm, onClose, testId }: ConfirmSheetProps) {
  const { t } = useTranslation(CARD_GROUPS_NS);
  return (
    <ActionSheet
      title={title}
      testId={testId}
      cancel={t('cancel')}
      confirm={confirm}
      color="danger"
      run={async () => {
        await onConfirm();
        onClose();
      }}
      onClose={onClose}
    >
      {children}
    </ActionSheet>
  );
}
