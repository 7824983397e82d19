/**
 * The rate plan as a table (opening fee, recharge fee rate, monthly card limit) with the way to
 * change it (customer service, spec §6), and the customer's coupons with type, status, uses left,
 * expiry and where each can be used.
 */
import Button from '../../components/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '../../../contract/core';
import { couponList } from '../../../contract/coupons';
import { Money } from '../../components/ui/Money';
import { Sheet } from '../../components/ui/Sheet';
import { call } from '../../lib/http';
import { productDate } from '../../lib/product-time';
import { ACCOUNT_NS } from './i18n';
import { usePrivilege } from './usePrivilege';

export function PlanTable() {
  const { t } = useTranslation(ACCOUNT_NS);
  const plan = usePrivilege();
  const [service, setService] = useState(false);
  const data = plan.data;
  return (
    <section className="cp-personal__card" data-testid="plan">
      <h2>{t('plan.title')}</h2>
      {data ? (
        <table className="cp-personal__table">
          <tbody>
            <tr>
              <th scope="row">{t('plan.name')}</th>
              <td data-testid="plan-name">{data.planName}</td>
            </tr>
            <tr>
              <th scope="row">{t('plan.openCardFee')}</th>
              <td>
                <Money minor={data.openCardFee} currency={data.feeCurrency as CurrencyCode} />
              </td>
            </tr>
            <tr>
              <th scope="row">{t('plan.rechargeFee')}</th>
              <td>{(data.rechargeFeeBp / 100).toFixed(2)} %</td>
            </tr>
            <tr>
              <th scope="row">{t('plan.monthlyCardLimit')}</th>
              <td>{data.monthlyCardLimit}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      <div className="cp-personal__row">
        <span>{t('plan.change')}</span>
        <Button size="small" onClick={() => setService(true)} data-testid="plan-service">
          {t('plan.service')}
        </Button>
      </div>
      <Sheet
        visible={service}
        title={t('service.title')}
        onClose={() => setService(false)}
        data-testid="service-sheet"
      >
        <p>{t('service.body')}</p>
        <p>
          <a href="mailto:support@card-portal.local">support@card-portal.local</a>
        </p>
        <p>{t('service.hours')}</p>
      </Sheet>
    </section>
  );
}

export function CouponList() {
  const { t } = useTranslation(ACCOUNT_NS);
  const coupons = useQuery({
    queryKey: ['coupons', 'list'],
    queryFn: ({ signal }) => call(couponList, { pageNo: 1, pageSize: 50 }, { signal }),
  });
  const rows = coupons.data?.data ?? [];
  return (
    <section className="cp-personal__card" data-testid="coupons">
      <h2>{t('coupons.title')}</h2>
      {rows.length === 0 ? (
        <p>{t('coupons.empty')}</p>
      ) : (
        <table className="cp-personal__table">
          <thead>
            <tr>
              <th>{t('coupons.type')}</th>
              <th>{t('coupons.status')}</th>
              <th>{t('coupons.times')}</th>
              <th>{t('coupons.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="coupon-row">
                <td>
                  {t(`coupons.types.${row.type}`, { percent: row.discountBp / 100 })}
                  <br />
                  <small>{t(`coupons.where.${row.type}`)}</small>
                </td>
                <td>{t(`coupons.statuses.${row.status}`)}</td>
                <td>{row.availableTimes}</td>
                <td>{productDate(row.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
