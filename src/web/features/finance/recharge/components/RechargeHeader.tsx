/** Title of a recharge channel page, with the way back to every way of topping up. */
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '@web/components/ui/icons';
import { PageIntro } from '@web/components/ui/PageIntro';
import { RECHARGE_NS } from '../i18n';

export function RechargeHeader({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation(RECHARGE_NS);
  return (
    <PageIntro
      title={title}
      lead={lead}
      before={
        <a className="cp-recharge__back" href="#/FinanceRechargeIndex" data-testid="recharge-back">
          <ChevronIcon direction="left" />
          {t('back')}
        </a>
      }
    />
  );
}
