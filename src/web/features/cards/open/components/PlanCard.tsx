/**
 * The customer's rate plan (GET /api/user/userPrivilege) above the opening forms: the plan, its
 * opening fee, load fee and monthly card allowance. Plans change only through customer service
 * (spec §6), so "Change plan" opens the shell's customer-service dialog.
 */
import Button from '@web/components/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceDialog } from '@web/components/layout/ServiceDialog';
import { formatMoney } from '@web/lib/money';
import { loadPrivilege, privilegeQueryKey } from '../api';
import { percentOfBp } from '@web/lib/percent';
import { CARD_OPEN_NS } from '../i18n';

export function PlanCard() {
  const { t } = useTranslation(CARD_OPEN_NS);
  const [serviceOpen, setServiceOpen] = useState(false);
  const plan = useQuery({
    queryKey: privilegeQueryKey,
    queryFn: ({ signal }) => loadPrivilege(signal),
    // The plan changes only through customer service: no need to ask on every visit.
    staleTime: 10 * 60_000,
  });
  const data = plan.data;

  return (
    <section className="cp-open-plan" aria-labelledby="open-plan-title" data-testid="open-plan">
      <div className="cp-open-plan__text">
        <h2 id="open-plan-title" className="cp-open-plan__title">
          {t('plan.title')}{' '}
          <span className="cp-open-plan__name" data-testid="open-plan-name">
            {data ? data.planName : '—'}
          </span>
        </h2>
        {data ? (
          <ul className="cp-open-plan__facts">
            <li>
              {t('plan.openFee')} <strong>{formatMoney(data.openCardFee, data.feeCurrency)}</strong>
            </li>
            <li>
              {t('plan.rechargeFee')} <strong>{percentOfBp(data.rechargeFeeBp)}</strong>
            </li>
            <li>
              {t('plan.monthlyLimit')} <strong>{t('plan.cards', { count: data.monthlyCardLimit })}</strong>
            </li>
          </ul>
        ) : plan.isError ? (
          <p className="cp-open-plan__note">{t('plan.loadFailed')}</p>
        ) : null}
        <p className="cp-open-plan__note">{t('plan.note')}</p>
      </div>
      <Button size="small" fill="outline" onClick={() => setServiceOpen(true)} data-testid="open-plan-change">
        {t('plan.change')}
      </Button>
      <ServiceDialog visible={serviceOpen} onClose={() => setServiceOpen(false)} />
    </section>
  );
}
