/** Saving a bank card for withdrawals: holder, bank, number (checked with the contract's schema first). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBankCard } from '@contract/agent';
import { Sheet } from '../../../components/ui/Sheet';
import { SheetButton } from '../../../components/ui/SheetButtons';
import { TextField } from '../../../components/ui/TextField';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useBusy } from '../../../lib/useBusy';
import { useValidate } from '../../../lib/useValidate';
import type { FieldErrors } from '../../../lib/validation';
import { AGENT_NS } from '../i18n';

type Field = 'holder' | 'bank' | 'cardNo';
const EMPTY: Record<Field, string> = { holder: '', bank: '', cardNo: '' };

export function AddBankCardSheet({
  visible,
  onClose,
  onDone,
}: {
  visible: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(AGENT_NS);
  const validate = useValidate();
  const { busy, run } = useBusy();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const save = () => {
    const checked = validate(addBankCard.request, values, {
      holder: t('bankCards.holder'),
      bank: t('bankCards.bank'),
      cardNo: t('bankCards.cardNo'),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    void run(async () => {
      await call(addBankCard, values);
      toastSuccess(t('bankCards.added'));
      setValues(EMPTY);
      onDone();
    });
  };

  return (
    <Sheet
      visible={visible}
      title={t('bankCards.addTitle')}
      onClose={onClose}
      data-testid="bank-card-sheet"
      footer={
        <SheetButton onClick={save} busy={busy} data-testid="bank-card-save">
          {t('bankCards.save')}
        </SheetButton>
      }
    >
      <TextField
        name="holder"
        label={t('bankCards.holder')}
        value={values.holder}
        onChange={set('holder')}
        error={errors.holder}
        autoComplete="cc-name"
        data-testid="bank-card-holder"
      />
      <TextField
        name="bank"
        label={t('bankCards.bank')}
        value={values.bank}
        onChange={set('bank')}
        error={errors.bank}
        data-testid="bank-card-bank"
      />
      <TextField
        name="cardNo"
        label={t('bankCards.cardNo')}
        value={values.cardNo}
        onChange={set('cardNo')}
        error={errors.cardNo}
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
        data-testid="bank-card-number"
      />
    </Sheet>
  );
}
