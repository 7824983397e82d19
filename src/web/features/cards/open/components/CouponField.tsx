/**
 * The coupon picker (coupon/enum: the coupons usable now). Optional: "No coupon" is the first
 * choice. Each coupon names its number, what it takes off, the uses left and its last day, so the
 * customer can tell two coupons apart without opening another page.
 */
import { useTranslation } from 'react-i18next';
import { SelectField } from '@web/components/ui/SelectField';
import { productDate } from '@web/lib/product-time';
import type { CouponView } from '../api';
import { percentOfBp } from '@web/lib/percent';
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
  const usable = coupons ?? [];
  const describe = (coupon: CouponView) =>
    t('coupon.option', {
      number: coupon.number,
      kind: t(`coupon.type.${coupon.type}`),
      discount: percentOfBp(coupon.discountBp),
      times: coupon.availableTimes,
      until: productDate(coupon.expiresAt),
    });

  return (
    <SelectField
      id={id}
      label={t('coupon.label')}
      value={value}
      onChange={onChange}
      options={[
        { value: '', label: usable.length > 0 ? t('coupon.none') : t('coupon.noneAvailable') },
        ...usable.map((coupon) => ({ value: coupon.id, label: describe(coupon) })),
      ]}
      error={error}
      data-testid={rest['data-testid'] ?? 'open-coupon'}
    />
  );
}
