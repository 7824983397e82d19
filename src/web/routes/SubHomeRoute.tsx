/**
 * `/subHome` (spec §2, the sub-account user's home, permission 2002). Sub-account sessions arrive
 * with the sub-accounts issue; until then this stays minimal: the title and the wallet. It becomes
 * the overview page fed by the sub-account endpoints (overviewForSub) then.
 */
import { useTranslation } from 'react-i18next';
import { WalletCard } from '../features/wallet/components/WalletCard';
import '../components/ui/page.css';
import './pages.css';

export function SubHomeRoute() {
  const { t } = useTranslation('account');
  return (
    <div className="cp-page__main">
      <h1 className="cp-page__title">{t('home.title')}</h1>
      <WalletCard />
    </div>
  );
}
