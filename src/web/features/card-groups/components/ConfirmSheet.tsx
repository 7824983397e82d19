/** A yes/no question in the app's one dialog (Sheet), for deletions. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
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
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // Shown by lib/http; the sheet stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet
      visible
      title={title}
      onClose={onClose}
      data-testid={testId}
      footer={
        <ConfirmButtons
          cancel={t('cancel')}
          confirm={confirm}
          color="danger"
          onCancel={onClose}
          onConfirm={() => void run()}
          busy={busy}
          testId={testId}
        />
      }
    >
      {children}
    </Sheet>
  );
}
