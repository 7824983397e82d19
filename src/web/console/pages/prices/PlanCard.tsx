/** One rate plan: its fees and monthly card allowance in force, and its versions. */
import { Button, Card } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PriceBookView } from '@contract/operator-content';
import { money } from '../../use-load';
import { FeeVersions } from './FeeVersions';
import { percent } from './format';

type Plan = PriceBookView['plans'][number];
type Version = Plan['versions'][number];

export interface PlanCardProps {
  plan: Plan;
  can: { change: boolean; withdraw: boolean };
  onChange: () => void;
  onWithdraw: (version: Version) => void;
}

export function PlanCard({ plan, can, onChange, onWithdraw }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      className="console-card"
      data-testid={`plan-${plan.code}`}
      title={`${i18n.language === 'en' ? plan.nameEn : plan.nameZh} · ${plan.code}`}
    >
      <dl className="console-facts" data-testid="fees-now">
        <dt>{t('prices.openFee')}</dt>
        <dd>{money(plan.now.openFee, plan.feeCurrency)}</dd>
        <dt>{t('prices.rechargeFee')}</dt>
        <dd>{percent(plan.now.rechargeFeeBp)}</dd>
        <dt>{t('prices.monthlyCardLimit')}</dt>
        <dd>{plan.now.monthlyCardLimit}</dd>
      </dl>
      <FeeVersions
        versions={plan.versions}
        currency={plan.feeCurrency}
        canWithdraw={can.withdraw}
        onWithdraw={onWithdraw}
      />
      {can.change && (
        <div className="console-actions">
          <Button color="primary" fill="outline" onClick={onChange}>
            {t('prices.changePlan')}
          </Button>
        </div>
      )}
    </Card>
  );
}
