/**
 * Change the holder name and billing address of a card (editAddress). The list knows the holder's
 * name but not the address (that comes with the details, which are revealed only on request and
 * logged), so the address is typed anew. The postcode is checked per country as the server does
 * (card-rules isValidPostcode, spec §5 "Incorrect zip code format") when the field is left, and
 * the whole form with the contract's schema before sending.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editAddress, type CardView } from '@contract/cards';
import { isValidPostcode } from '@contract/card-rules';
import { Sheet } from '@web/components/ui/Sheet';
import { SheetButton } from '@web/components/ui/SheetButtons';
import { TextField } from '@web/components/ui/TextField';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { useBusy } from '@web/lib/useBusy';
import { useValidate } from '@web/lib/useValidate';
import type { FieldErrors } from '@web/lib/validation';
import { HOLDER_FIELDS, type HolderField } from '../../open/open-draft';
import { CARD_LIST_NS } from '../i18n';

export interface EditAddressSheetProps {
  card: CardView;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

/** The fields of a card's holder, the same as when it was opened. */
const FIELDS = HOLDER_FIELDS;
type Field = HolderField;
type Form = Record<Field, string>;

/** "Ada Lovelace" -> first "Ada", last "Lovelace" (the first word is the given name). */
function splitName(holderName: string): Pick<Form, 'holderFirstName' | 'holderLastName'> {
  const [first = '', ...rest] = holderName.trim().split(/\s+/);
  return { holderFirstName: first, holderLastName: rest.join(' ') };
}

const AUTOCOMPLETE: Record<Field, string> = {
  holderFirstName: 'given-name',
  holderLastName: 'family-name',
  street: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  postcode: 'postal-code',
  country: 'country',
};

export function EditAddressSheet({ card, onClose, onDone }: EditAddressSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const validate = useValidate();
  const [form, setForm] = useState<Form>(() => ({
    ...splitName(card.holderName),
    street: '',
    city: '',
    state: '',
    postcode: '',
    country: 'US',
  }));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const { busy, run } = useBusy();

  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const checkPostcode = () => {
    if (form.postcode.trim() && !isValidPostcode(form.country || 'US', form.postcode))
      setErrors((current) => ({ ...current, postcode: t('common:validation.zipCode') }));
  };

  const labels = Object.fromEntries(FIELDS.map((field) => [field, t(`address.${field}`)])) as Record<
    Field,
    string
  >;

  const save = async () => {
    const checked = validate(editAddress.request, { ...form, cardId: card.id }, labels);
    if (!checked.ok) return setErrors(checked.errors);
    await run(async () => {
      const updated = await call(editAddress, checked.data);
      toastSuccess(t('address.done'));
      onDone([updated]);
    });
  };

  return (
    <Sheet
      visible
      title={t('address.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="address-sheet"
      footer={
        <SheetButton busy={busy} onClick={() => void save()} data-testid="address-save">
          {t('address.save')}
        </SheetButton>
      }
    >
      <p className="cp-sheet-text cp-muted">{t('address.intro')}</p>
      <form
        className="cp-cl-form-grid"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        {FIELDS.map((field) => (
          <TextField
            key={field}
            name={field}
            label={labels[field]}
            value={form[field]}
            onChange={set(field)}
            onBlur={field === 'postcode' || field === 'country' ? checkPostcode : undefined}
            autoComplete={AUTOCOMPLETE[field]}
            maxLength={field === 'country' ? 2 : field === 'postcode' ? 12 : 80}
            error={errors[field]}
            data-testid={`address-${field}`}
          />
        ))}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Sheet>
  );
}
