/** Title of a recharge channel page, with the way back to every way of topping up. */
import { useTranslation } from 'react-i18next';
import { RECHARGE_NS } from '../i18n';

export function RechargeHeader({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation(RECHARGE_NS);
  return (
    <header className="cp-recharge__intro">
      <a className="cp-recharge__back" href="#/FinanceRechargeIndex" data-testid="recharge-back">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('back')}
      </a>
      <h1 className="cp-recharge__title">{title}</h1>
      <p className="cp-recharge__lead">{lead}</p>
    </header>
  );
}
