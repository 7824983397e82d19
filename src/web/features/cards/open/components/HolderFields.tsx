/**
 * The card holder's name and billing address (spec §3), with "auto-fill" (autoCard: a plausible
 * US name and address for customers who open cards for their own ad or subscription accounts).
 * The postcode is checked per country (spec §5 "Incorrect zip code format"); the country names
 * come from the browser's own Intl data in the page's language.
 */
import Button from '@web/components/ui/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@web/components/ui/SelectField';
import { TextField } from '@web/components/ui/TextField';
import { loadAutofill, type HolderAutofill } from '../api';
import { CARD_OPEN_NS } from '../i18n';
import type { HolderField, OpenDraft, OpenErrors } from '../open-draft';

/** Billing countries offered; the postcode rules of card-rules.ts know the first four. */
const COUNTRIES = ['US', 'GB', 'CN', 'HK', 'CA', 'AU', 'SG', 'DE', 'FR', 'JP'] as const;

export interface HolderFieldsProps {
  idPrefix: string;
  draft: OpenDraft;
  errors: OpenErrors;
  labels: Record<HolderField, string>;
  onChange: (field: HolderField) => (value: string) => void;
  onAutofill: (holder: HolderAutofill) => void;
}

export function HolderFields({ idPrefix, draft, errors, labels, onChange, onAutofill }: HolderFieldsProps) {
  const { t, i18n } = useTranslation(CARD_OPEN_NS);
  const [filling, setFilling] = useState(false);
  const countryNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null; // A browser without Intl.DisplayNames shows the codes.
    }
  }, [i18n.language]);

  const autofill = async () => {
    setFilling(true);
    try {
      onAutofill(await loadAutofill());
    } catch {
      // The HTTP layer has said why; the fields stay as they were.
    } finally {
      setFilling(false);
    }
  };

  const field = (name: Exclude<HolderField, 'country'>, autoComplete: string, wide = false) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={labels[name]}
      value={draft[name]}
      onChange={onChange(name)}
      error={errors[name]}
      autoComplete={autoComplete}
      className={wide ? 'cp-open-holder__wide' : undefined}
      data-testid={`open-${name}`}
    />
  );

  return (
    <div className="cp-open-holder" role="group" aria-labelledby={`${idPrefix}-holder-title`}>
      <div className="cp-open-holder__head">
        <h3 id={`${idPrefix}-holder-title`} className="cp-open__legend">
          {t('holder.title')}
        </h3>
        <Button
          size="small"
          fill="outline"
          color="primary"
          loading={filling}
          disabled={filling}
          onClick={() => void autofill()}
          data-testid="open-autofill"
        >
          {t('holder.autofill')}
        </Button>
      </div>
      <div className="cp-open-holder__grid">
        {field('holderFirstName', 'off')}
        {field('holderLastName', 'off')}
        {field('street', 'off', true)}
        {field('city', 'off')}
        {field('state', 'off')}
        {field('postcode', 'off')}
        <SelectField
          id={`${idPrefix}-country`}
          name="country"
          label={labels.country}
          value={draft.country}
          onChange={onChange('country')}
          options={COUNTRIES.map((code) => ({ value: code, label: countryNames?.of(code) ?? code }))}
          error={errors.country}
          data-testid="open-country"
        />
      </div>
    </div>
  );
}
