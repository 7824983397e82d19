/**
 * The amount entry of a top-up form: major units with at most two decimals (what people type),
 * the channel's limits written under it, and a few ready amounts within those limits for thumbs.
 */
import { useTranslation } from 'react-i18next';
import { TextField } from '@web/components/ui/TextField';
import { cleanAmountInput, parseAmount, plainAmount } from '@web/lib/amount-input';
import { currencySymbol, formatMoney } from '@web/lib/money';
import { RECHARGE_NS } from '../i18n';
import { ceilingOf, feeRateText, type ChannelRule } from '../limits';

/** Ready amounts in major units; only those inside the channel's limits are offered. */
const PRESETS: Readonly<Record<string, readonly number[]>> = {
  CNY: [500, 1000, 5000, 10_000],
  USD: [110, 200, 500, 1000],
};

export interface AmountFieldProps {
  rule: ChannelRule;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** False while the limits are still loading (the hint shows a placeholder). */
  limitsKnown: boolean;
}

/** The input's id, so a page can move focus back to it ("start again"). */
export const AMOUNT_INPUT_ID = 'recharge-amount-input';

export function AmountField({ rule, value, onChange, onBlur, error, limitsKnown }: AmountFieldProps) {
  const { t } = useTranslation(RECHARGE_NS);
  const money = (minor: number) => formatMoney(minor, rule.currency);
  const ceiling = ceilingOf(rule);
  const presets = (PRESETS[rule.currency] ?? [])
    .map((major) => major * 100)
    .filter((minor) => minor >= rule.minAmount && minor <= ceiling);
  const unit = rule.channel === 'usdt_trc20' ? 'USDT' : rule.currency;

  return (
    <div className="cp-recharge-amount">
      <TextField
        id={AMOUNT_INPUT_ID}
        className="cp-field--amount"
        label={t('amount.label', { unit })}
        value={value}
        onChange={(raw) => onChange(cleanAmountInput(raw))}
        onBlur={onBlur}
        error={error}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="go"
        placeholder={t('amount.placeholder', { amount: plainAmount(rule.minAmount) })}
        hint={
          limitsKnown
            ? t('limits.full', {
                min: money(rule.minAmount),
                max: money(ceiling),
                fee: feeRateText(rule.feeRateBp),
              })
            : t('limits.loading')
        }
        data-testid="recharge-amount"
      />
      {presets.length > 0 ? (
        <div className="cp-recharge-presets" role="group" aria-label={t('amount.presets')}>
          {presets.map((minor) => {
            const chosen = parseAmount(value) === minor;
            return (
              <button
                key={minor}
                type="button"
                className={`cp-recharge-preset ${chosen ? 'cp-recharge-preset--active' : ''}`}
                aria-pressed={chosen}
                onClick={() => onChange(String(minor / 100))}
                data-testid={`recharge-preset-${minor}`}
              >
                {/* Whole amounts, short enough for four buttons in a row on a phone. */}
                {currencySymbol(rule.currency)}
                {(minor / 100).toLocaleString('en-US')}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
