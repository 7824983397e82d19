/**
 * The coupon picker (coupon/enum: the coupons usable now). Optional: "No coupon" is the first
 * choice. Each coupon names its number, what it takes off, the uses left and its last day, so the
 * customer can tell two coupons apart without opening another page.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponView } from '../api';
import { percentOfBp, productDay } from '../format';
import { CARD_OPEN_NS } from '../i18n';

export interface CouponFieldProps {
  id?: string;
  coupons: readonly CouponView[] | undefined;
  value: string;
  onChange: (couponId: string) => void;
  error?: string | undefined;
  'data-testid'?: string;
}

export function CouponField({ id, coupons, value, onChange, error, ...rest }: CouponFieldProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const autoId = useId();
  const inputId = id ?? autoId;
  const usable = coupons ?? [];
  const describe = (coupon: CouponView) =>
    t('coupon.option', {
      number: coupon.number,
      kind: t(`coupon.type.${coupon.type}`),
      discount: percentOfBp(coupon.discountBp),
      times: coupon.availableTimes,
      until: productDay(coupon.expiresAt),
    });

  return (
    <div className={`cp-field cp-open-select ${error ? 'cp-field--invalid' : ''}`}>
      <label className="cp-field__label" htmlFor={inputId}>
        {t('coupon.label')}
      </label>
      <div className="cp-field__control">
        <select
          id={inputId}
          className="cp-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          data-testid={rest['data-testid'] ?? 'open-coupon'}
        >
          <option value="">{usable.length > 0 ? t('coupon.none') : t('coupon.noneAvailable')}</option>
          {usable.map((coupon) => (
            <option key={coupon.id} value={coupon.id}>
              {describe(coupon)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="cp-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
