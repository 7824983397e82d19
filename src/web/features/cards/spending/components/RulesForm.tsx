/**
 * The fields of a card's spending rules: four limits in the card's currency, merchant categories
 * and countries (allow or block), single use, and the days the card may be used.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { MCC_GROUPS } from '@contract/spending';
import { CheckField } from '@web/components/ui/CheckField';
import { SelectField } from '@web/components/ui/SelectField';
import { TextField } from '@web/components/ui/TextField';
import { cleanAmountInput } from '@web/lib/amount-input';
import { currencySymbol } from '@web/lib/money';
import { SPENDING_NS } from '../i18n';
import type { DraftField, ListMode, RulesDraft } from '../rules-draft';
import { countryCodes, LIMIT_FIELDS } from '../rules-draft';
import { CountryNames } from './CountryNames';

export interface RulesFormProps {
  draft: RulesDraft;
  onChange: (draft: RulesDraft) => void;
  /** Translation keys per field, shown once the customer tried to save or preview. */
  errors: Partial<Record<DraftField, string>>;
  currency: CurrencyCode;
}

export function RulesForm({ draft, onChange, errors, currency }: RulesFormProps) {
  const { t, i18n } = useTranslation(SPENDING_NS);
  const id = useId();
  const english = i18n.language === 'en';
  const set = <K extends DraftField>(field: K, value: RulesDraft[K]) =>
    onChange({ ...draft, [field]: value });
  const error = (field: DraftField) => (errors[field] ? t(errors[field]!) : undefined);
  const modes: { value: ListMode; label: string }[] = [
    { value: 'none', label: t('form.modeNone') },
    { value: 'allow', label: t('form.modeAllow') },
    { value: 'block', label: t('form.modeBlock') },
  ];
  const symbol = currencySymbol(currency).trim() || currency;
  return (
    <div className="cp-spend-form" data-testid="spend-rules-form">
      <fieldset className="cp-spend-form__group">
        <legend>{t('form.limits', { currency })}</legend>
        <div className="cp-spend-form__limits">
          {LIMIT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`form.${field}`)}
              value={draft[field]}
              onChange={(text) => set(field, cleanAmountInput(text))}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('form.noLimit')}
              error={error(field)}
              suffix={<span className="cp-spend-form__currency">{symbol}</span>}
              data-testid={`spend-limit-${field}`}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="cp-spend-form__group">
        <legend>{t('form.categories')}</legend>
        <SelectField<ListMode>
          label={t('form.categoryMode')}
          value={draft.categoryMode}
          options={modes}
          onChange={(mode) => set('categoryMode', mode)}
          data-testid="spend-category-mode"
        />
        {draft.categoryMode !== 'none' ? (
          <div className="cp-spend-form__checks" role="group" aria-label={t('form.categories')}>
            {MCC_GROUPS.map(({ id: group, nameEn, nameZh }) => (
              <CheckField
                key={group}
                id={`${id}-mcc-${group}`}
                checked={draft.categories.includes(group)}
                onChange={(on) =>
                  set(
                    'categories',
                    on ? [...draft.categories, group] : draft.categories.filter((g) => g !== group),
                  )
                }
                data-testid={`spend-category-${group}`}
              >
                {english ? nameEn : nameZh}
              </CheckField>
            ))}
            {errors.categories ? (
              <p className="cp-field__error" role="alert" data-testid="spend-categories-error">
                {t(errors.categories)}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="cp-spend-form__group">
        <legend>{t('form.countries')}</legend>
        <SelectField<ListMode>
          label={t('form.countryMode')}
          value={draft.countryMode}
          options={modes}
          onChange={(mode) => set('countryMode', mode)}
          data-testid="spend-country-mode"
        />
        {draft.countryMode !== 'none' ? (
          <TextField
            label={t('form.countryCodes')}
            value={draft.countries}
            onChange={(text) => set('countries', text)}
            autoComplete="off"
            placeholder="US, GB, EU"
            hint={<CountryNames codes={countryCodes(draft.countries)} />}
            error={error('countries')}
            data-testid="spend-countries"
          />
        ) : null}
      </fieldset>
      <fieldset className="cp-spend-form__group">
        <legend>{t('form.validity')}</legend>
        <div className="cp-spend-form__limits">
          <TextField
            label={t('form.validFrom')}
            type="date"
            value={draft.validFrom}
            onChange={(text) => set('validFrom', text)}
            error={error('validFrom')}
            data-testid="spend-valid-from"
          />
          <TextField
            label={t('form.validThrough')}
            type="date"
            value={draft.validThrough}
            onChange={(text) => set('validThrough', text)}
            error={error('validThrough')}
            data-testid="spend-valid-through"
          />
        </div>
        <CheckField
          id={`${id}-single`}
          checked={draft.singleUse}
          onChange={(on) => set('singleUse', on)}
          data-testid="spend-single-use"
        >
          {t('form.singleUse')}
        </CheckField>
      </fieldset>
    </div>
  );
}
