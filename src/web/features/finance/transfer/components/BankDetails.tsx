/**
 * The receiving account of USD transfers (contract `usBankDetails`), each value with a copy
 * button: customers paste these into their bank's transfer form, where one wrong digit sends the
 * money astray. The reference stands out, since without it the payment cannot be matched.
 */
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@contract/core';
import type { usbank } from '@contract/finance';
import { copyWithNotice } from '@web/lib/clipboard';
import { formatMoney } from '@web/lib/money';
import { FINANCE_NS } from '../i18n';

type Details = ResponseOf<typeof usbank>;

const ROWS = [
  'beneficiary',
  'bankName',
  'bankAddress',
  'accountNumber',
  'routingNumber',
  'swift',
] as const satisfies ReadonlyArray<keyof Details>;

export function BankDetails({ details }: { details: Details }) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <section className="cp-panel cp-bank" aria-labelledby="bank-details-title" data-testid="bank-details">
      <h2 id="bank-details-title" className="cp-panel__title">
        {t('bank.receiving')}
      </h2>
      <dl className="cp-bank__list">
        {ROWS.map((field) => (
          <CopyRow key={field} name={field} label={t(`bank.${field}`)} value={details[field]} />
        ))}
      </dl>
      <div className="cp-bank__reference">
        <dl className="cp-bank__list">
          <CopyRow name="reference" label={t('bank.reference')} value={details.reference} strong />
        </dl>
        <p className="cp-bank__hint">{t('bank.referenceHint')}</p>
      </div>
      <p className="cp-bank__minimum" data-testid="bank-minimum">
        {t('bank.minimum', { amount: formatMoney(details.minAmount, 'USD') })}
      </p>
    </section>
  );
}

function CopyRow({
  name,
  label,
  value,
  strong = false,
}: {
  name: string;
  label: string;
  value: string;
  strong?: boolean;
}) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <div className={`cp-bank__row ${strong ? 'cp-bank__row--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="cp-bank__value" data-testid={`bank-${name}`}>
          {value}
        </span>
        <button
          type="button"
          className="cp-copy"
          onClick={() => void copyWithNotice(value, t('bank.copyFailed'))}
          aria-label={t('bank.copy', { field: label })}
          data-testid={`bank-copy-${name}`}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <rect
              x="9"
              y="9"
              width="11"
              height="11"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path
              d="M5 15V6a2 2 0 0 1 2-2h9"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </dd>
    </div>
  );
}
