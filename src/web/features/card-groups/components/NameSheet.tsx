/** Create or rename a group or a tag: one name field, checked like the server checks it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet';
import { ConfirmButtons } from '../../../components/ui/SheetButtons';
import { TextField } from '../../../components/ui/TextField';
import { useBusy } from '../../../lib/useBusy';
import { CARD_GROUPS_NS } from '../i18n';

export interface NameSheetProps {
  title: string;
  label: string;
  placeholder: string;
  initial: string;
  maxLength: number;
  /** The key of the "name required" message. */
  requiredKey: string;
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

export function NameSheet({
  title,
  label,
  placeholder,
  initial,
  maxLength,
  requiredKey,
  onSave,
  onClose,
  testId,
}: NameSheetProps) {
  const { t } = useTranslation(CARD_GROUPS_NS);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useBusy();
  const save = async () => {
    if (!name.trim()) return setError(t(requiredKey));
    // A refusal was shown as a toast (lib/http); the sheet stays for a correction.
    await run(async () => {
      await onSave(name.trim());
      onClose();
    });
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
          confirm={t('save')}
          onCancel={onClose}
          onConfirm={() => void save()}
          busy={busy}
          testId={testId}
        />
      }
    >
      <TextField
        name="name"
        label={label}
        placeholder={placeholder}
        value={name}
        maxLength={maxLength}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        error={error}
        data-testid={`${testId}-name`}
      />
    </Sheet>
  );
}
