/**
 * The forecast form's values and their check before anything is sent. The contract's own schema
 * (`forecastFields`) decides, so the PWA refuses what the server would refuse; the checks the
 * customer most often trips over come first with messages of their own: the amount (dollars typed,
 * minor units sent, at least $100), a transfer date that is not in the future, the proof image.
 */
import type { z } from 'zod';
import { forecastFields, type ForecastView } from '@contract/finance';
import { USD_TRANSFER_MAX, USD_TRANSFER_MIN } from '@contract/topup-rules';
import { formatMoney } from '../../../lib/money';
import { isCalendarDate } from '../../../lib/product-time';
import { amountErrorKey } from '../../../lib/amount-input';
import { minorToMajorText, parseMajor } from './amount';

export const FORECAST_FIELDS = [
  'amount',
  'payerName',
  'payerAccount',
  'bankArea',
  'bankName',
  'transferDate',
  'bankTxnNo',
  'description',
  'proofFileId',
] as const;
export type ForecastField = (typeof FORECAST_FIELDS)[number];

/** What the form holds: text as typed (the amount in dollars). */
export type ForecastDraft = Record<ForecastField, string>;

/** What is sent: the contract's parsed fields (amount in minor units). */
export type ForecastInput = z.output<typeof forecastFields>;

export type ForecastErrors = Partial<Record<ForecastField, string>>;

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const EMPTY_DRAFT: ForecastDraft = {
  amount: '',
  payerName: '',
  payerAccount: '',
  bankArea: '',
  bankName: '',
  transferDate: '',
  bankTxnNo: '',
  description: '',
  proofFileId: '',
};

/** A draft filled from a stored forecast, for the customer to correct (resubmit). */
export function draftOf(forecast: ForecastView): ForecastDraft {
  return {
    amount: minorToMajorText(forecast.amount),
    payerName: forecast.payerName,
    payerAccount: forecast.payerAccount,
    bankArea: forecast.bankArea,
    bankName: forecast.bankName,
    transferDate: forecast.transferDate,
    bankTxnNo: forecast.bankTxnNo,
    description: forecast.description ?? '',
    proofFileId: forecast.proofFileId,
  };
}

export type ForecastCheck = { ok: true; data: ForecastInput } | { ok: false; errors: ForecastErrors };

/**
 * Checks a draft. `t` translates with the finance namespace's keys; `labels` names each field in
 * messages ("Payer name is required"); `today` is the product's calendar date.
 */
export function checkForecast(
  draft: ForecastDraft,
  today: string,
  t: Translate,
  labels: Record<ForecastField, string>,
): ForecastCheck {
  const errors: ForecastErrors = {};
  const usd = (minor: number) => formatMoney(minor, 'USD');

  const amount = parseMajor(draft.amount);
  if (draft.amount.trim() === '') errors.amount = t('validation.required', { field: labels.amount });
  else if (amount === null) {
    // A specific reason (negative, three decimals) when there is one, else this page's own words.
    const key = amountErrorKey(draft.amount);
    errors.amount = t(key === 'common:validation.amount' ? 'validation.amount' : key);
  } else if (amount < USD_TRANSFER_MIN)
    errors.amount = t('validation.amountMin', { min: usd(USD_TRANSFER_MIN) });
  else if (amount > USD_TRANSFER_MAX)
    errors.amount = t('validation.amountMax', { max: usd(USD_TRANSFER_MAX) });

  const date = draft.transferDate.trim();
  if (date === '') errors.transferDate = t('validation.required', { field: labels.transferDate });
  else if (!isCalendarDate(date)) errors.transferDate = t('validation.date');
  // Same-length ISO dates compare correctly as text.
  else if (date > today) errors.transferDate = t('validation.futureDate');

  if (draft.proofFileId.trim() === '') errors.proofFileId = t('validation.proof');

  const parsed = forecastFields.safeParse({ ...draft, amount: amount ?? draft.amount });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as ForecastField;
      if (!FORECAST_FIELDS.includes(field) || errors[field]) continue;
      errors[field] = messageOf(issue.message, field, t, labels);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

const TEXT_RULE_KEYS = new Set(['swiftText', 'organisationName']);

/** The contract's message keys (`common:validation.required`, ...) in this page's words. */
function messageOf(key: string, field: ForecastField, t: Translate, labels: Record<ForecastField, string>) {
  const name = key.slice(key.lastIndexOf('.') + 1);
  // The character rules of text-rules.ts have one message of their own, naming the field.
  if (TEXT_RULE_KEYS.has(name)) return t(key, { field: labels[field] });
  const known = ['required', 'tooLong', 'amount', 'date'];
  return t(`validation.${known.includes(name) ? name : 'invalid'}`, { field: labels[field] });
}
