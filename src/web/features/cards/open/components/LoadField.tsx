/**
 * The first load per card, typed in major units of the segment's currency, with the segment's
 * minimum and the customer-service limit written under it. Above the limit the field does not
 * show an error but the customer-service notice (ServiceNotice) with its contact button.
 */
import { useTranslation } from 'react-i18next';
import { CARD_RECHARGE_SERVICE_ABOVE_USD } from '@contract/card-rules';
import type { CurrencyCode } from '@contract/core';
import { ServiceNotice } from '@web/components/layout/ServiceNotice';
import { TextField } from '@web/components/ui/TextField';
import { cleanAmountInput, plainAmount } from '@web/lib/amount-input';
import { formatMoney } from '@web/lib/money';
import { CARD_OPEN_NS } from '../i18n';

export interface LoadFieldProps {
  id: string;
  currency: CurrencyCode;
  /** Minor units; null while no segment is chosen. */
  minimum: number | null;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  /** The customer-service message, shown instead of an error. */
  serviceMessage?: string | undefined;
}

export function LoadField({
  id,
  currency,
  minimum,
  value,
  onChange,
  onBlur,
  error,
  serviceMessage,
}: LoadFieldProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const limit = currency === 'USD' ? formatMoney(CARD_RECHARGE_SERVICE_ABOVE_USD, 'USD') : null;
  const hint =
    minimum === null
      ? t('amount.hintNoSegment')
      : limit
        ? t('amount.hintWithLimit', { min: formatMoney(minimum, currency), limit })
        : t('amount.hint', { min: formatMoney(minimum, currency) });

  return (
    <>
      <TextField
        id={id}
        className="cp-field--amount"
        label={t('amount.labelWithCurrency', { currency })}
        value={value}
        onChange={(raw) => onChange(cleanAmountInput(raw))}
        onBlur={onBlur}
        error={error}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
        placeholder={minimum === null ? '0.00' : plainAmount(minimum)}
        data-testid="open-amount"
      />
      {serviceMessage ? (
        <ServiceNotice
          message={serviceMessage}
          data-testid="open-service-limit"
          contactTestId="open-service-limit-contact"
        />
      ) : null}
    </>
  );
}
