/** The amount of a card load or withdrawal, typed in major units of the card's currency. */
import type { CurrencyCode } from '@contract/core';
import { TextField } from '@web/components/ui/TextField';
import { cleanAmountInput } from '@web/lib/amount-input';
import { currencySymbol } from '@web/lib/money';

export interface AmountFieldProps {
  label: string;
  currency: CurrencyCode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  'data-testid'?: string;
}

export function AmountField({ label, currency, value, onChange, error, hint, ...rest }: AmountFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(text) => onChange(cleanAmountInput(text))}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      error={error}
      hint={hint}
      suffix={<span className="cp-cl-amount__currency">{currencySymbol(currency).trim() || currency}</span>}
      data-testid={rest['data-testid']}
    />
  );
}
