/**
 * The USD transfer forecast form (contract `forecastFields`), shared by the first forecast
 * (FinanceRechargeBank) and the resubmission of a rejected or revoked one (financeAudit), where it
 * starts from the old fields. Every field is checked before anything is sent; the submission's
 * Idempotency-Key is made once and reused when the same submission is retried.
 */
import Button from '@web/components/ui/Button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USD_TRANSFER_MIN } from '@contract/topup-rules';
import { DateField } from '@web/components/ui/DateField';
import { ImageUpload } from '@web/components/ui/ImageUpload';
import { TextField } from '@web/components/ui/TextField';
import { useGuardedSubmit } from '@web/components/ui/useClickGuard';
import { formatMoney } from '@web/lib/money';
import { productToday } from '@web/lib/product-time';
import { useSubmissionKey } from '@web/lib/useSubmissionKey';
import { uploadProof } from '../api';
import {
  checkForecast,
  EMPTY_DRAFT,
  type ForecastDraft,
  type ForecastErrors,
  type ForecastField,
  type ForecastInput,
} from '../forecast-draft';
import { FINANCE_NS } from '../i18n';

export interface ForecastFormProps {
  /** Prefix of the inputs' ids (two forms may be on one page: the page's and a sheet's). */
  idPrefix: string;
  initial?: ForecastDraft;
  /** Object URL of the stored proof image when resubmitting. */
  initialProofUrl?: string | null;
  submitLabel: string;
  /**
   * Sends the checked fields with the submission's key. Rejects when the server refused (the HTTP
   * layer has shown why); the form then stays filled and keeps the key for a retry.
   */
  onSubmit: (data: ForecastInput, idempotencyKey: string) => Promise<unknown>;
  'data-testid'?: string;
}

type TextFieldName = Exclude<ForecastField, 'proofFileId'>;

export function ForecastForm({
  idPrefix,
  initial = EMPTY_DRAFT,
  initialProofUrl = null,
  submitLabel,
  onSubmit,
  ...rest
}: ForecastFormProps) {
  const { t } = useTranslation(FINANCE_NS);
  const [draft, setDraft] = useState<ForecastDraft>(initial);
  const [errors, setErrors] = useState<ForecastErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { keyFor, forget } = useSubmissionKey();
  // ImageUpload reports the stored URL; the forecast refers to the file id of that upload.
  const uploadedIds = useRef(new Map<string, string>());
  const today = productToday();
  const testId = rest['data-testid'] ?? 'forecast-form';

  const labels: Record<ForecastField, string> = {
    amount: t('form.amount'),
    payerName: t('form.payerName'),
    payerAccount: t('form.payerAccount'),
    bankArea: t('form.bankArea'),
    bankName: t('form.bankName'),
    transferDate: t('form.transferDate'),
    bankTxnNo: t('form.bankTxnNo'),
    description: t('form.description'),
    proofFileId: t('form.proof'),
  };

  const set = (field: ForecastField) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = async () => {
    const checked = checkForecast(draft, productToday(), t, labels);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(idPrefix, checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(checked.data, keyFor(checked.data));
      forget();
    } catch {
      // The HTTP layer has shown the reason; the fields stay for a correction or a retry.
    } finally {
      setSubmitting(false);
    }
  };
  const { guarded, onSubmit: onFormSubmit } = useGuardedSubmit(() => void submit());

  const field = (name: TextFieldName, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={labels[name]}
      value={draft[name]}
      onChange={set(name)}
      error={errors[name]}
      data-testid={`forecast-${name}`}
      {...extra}
    />
  );

  return (
    <form className="cp-forecast-form" onSubmit={onFormSubmit} noValidate data-testid={testId}>
      <div className="cp-forecast-form__grid">
        {field('amount', {
          inputMode: 'decimal',
          autoComplete: 'off',
          placeholder: t('form.amountPlaceholder', { min: formatMoney(USD_TRANSFER_MIN, 'USD') }),
        })}
        {/* The app's own picker in the reader's language, up to today (issue 18 §4); a later day
            typed by keyboard is refused by checkForecast with "cannot be in the future". */}
        <DateField
          id={`${idPrefix}-transferDate`}
          name="transferDate"
          label={labels.transferDate}
          value={draft.transferDate}
          onChange={set('transferDate')}
          max={today}
          error={errors.transferDate}
          data-testid="forecast-transferDate"
        />
        {field('payerName', { autoComplete: 'organization', placeholder: t('form.payerNamePlaceholder') })}
        {field('payerAccount', { autoComplete: 'off', spellCheck: false })}
        {field('bankName', { autoComplete: 'off' })}
        {field('bankArea', { autoComplete: 'country-name', placeholder: t('form.bankAreaPlaceholder') })}
        {field('bankTxnNo', {
          autoComplete: 'off',
          spellCheck: false,
          placeholder: t('form.bankTxnNoPlaceholder'),
        })}
        {field('description', { autoComplete: 'off' })}
      </div>
      <div
        id={`${idPrefix}-proofFileId`}
        tabIndex={-1}
        className={`cp-forecast-form__proof ${errors.proofFileId ? 'cp-forecast-form__proof--invalid' : ''}`}
      >
        <ImageUpload
          label={labels.proofFileId}
          upload={async (file) => {
            const answer = await uploadProof(file);
            if (answer.fileId && answer.url) uploadedIds.current.set(answer.url, answer.fileId);
            return answer;
          }}
          value={initialProofUrl}
          onChange={(url) => set('proofFileId')(url ? (uploadedIds.current.get(url) ?? '') : '')}
          disabled={submitting}
          data-testid="forecast-proof"
        />
        {errors.proofFileId ? (
          <p className="cp-field__error" role="alert" data-testid="forecast-proofFileId-error">
            {errors.proofFileId}
          </p>
        ) : null}
      </div>
      <Button
        type="submit"
        block
        color="primary"
        className="cp-submit"
        loading={submitting}
        disabled={guarded || submitting}
        data-testid="forecast-submit"
      >
        {submitLabel}
      </Button>
    </form>
  );
}

/** Moves the focus to the first field in error, so keyboard and screen-reader users land there. */
function focusFirstError(idPrefix: string, errors: ForecastErrors) {
  const order: ForecastField[] = [
    'amount',
    'transferDate',
    'payerName',
    'payerAccount',
    'bankName',
    'bankArea',
    'bankTxnNo',
    'description',
    'proofFileId',
  ];
  const first = order.find((name) => errors[name]);
  if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
}
