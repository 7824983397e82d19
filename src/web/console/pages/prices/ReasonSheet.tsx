/** Asks the reason for an action that needs one (a segment's status, withdrawing a change, ending a coupon). */
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleSheet } from '../../ConsoleSheet';

export interface ReasonSheetProps {
  title: string;
  /** What the action does, in a sentence. */
  summary: string;
  confirm: string;
  danger?: boolean;
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

export function ReasonSheet({ title, summary, confirm, danger, onConfirm, onClose }: ReasonSheetProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    const ok = await onConfirm(reason.trim());
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <ConsoleSheet
      visible
      title={title}
      onClose={onClose}
      data-testid="reason-sheet"
      footer={
        <Button block color={danger ? 'danger' : 'primary'} loading={busy} onClick={() => void submit()}>
          {confirm}
        </Button>
      }
    >
      <p className="console-hint">{summary}</p>
      <label className="console-field">
        <span>{t('fields.reason')}</span>
        <TextArea
          aria-label={t('fields.reason')}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setMissing(false);
          }}
          rows={2}
          maxLength={500}
        />
      </label>
      {missing && (
        <p className="console-error" role="alert">
          {t('errors.reasonRequired')}
        </p>
      )}
    </ConsoleSheet>
  );
}
