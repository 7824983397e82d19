/**
 * /subHome (spec §2, permission 2002): the sub-account user's home — their access (role,
 * validity, this month's limits, and a clear notice once expired: spec §4), the wallet when their
 * role shows it, their own cards and latest payments, and the overview of their cards
 * (overviewForSub). Rendered inside the shell, whose header carries the notices on this page.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { overviewForSub } from '@contract/account';
import { usePermission } from '../../../components/ui/Can';
import { headerLoad } from '../../../lib/header-load';
import { useOnline } from '../../../lib/offline';
import { appStore, hasAccessToken, userInfoAtom } from '../../../lib/session';
import { refreshWallet, useWallet } from '../../../lib/wallet';
import { ActivityChart } from '../components/ActivityChart';
import { BalanceCard } from '../components/BalanceCard';
import { useShowsSnapshot } from '../../../lib/shown-snapshot';
import { OverviewStats } from '../components/OverviewStats';
import { AccessCard } from './AccessCard';
import { RecentCards, RecentRecords } from './RecentActivity';
import { SUB_HOME_NS } from './sub-home-i18n';
import '../../../components/ui/page.css';
import '../home.css';
import './sub-home.css';

export function SubHomePage() {
  const { t } = useTranslation(SUB_HOME_NS);
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const online = useOnline();
  const showWallet = usePermission('finance:wallet');
  const showCards = usePermission('card:list');
  const showRecords = usePermission('card:record');
  const wallet = useWallet();
  const overview = useQuery({
    queryKey: ['account', 'overviewForSub'],
    queryFn: ({ signal }) => headerLoad(overviewForSub, {}, signal),
    // The figures of the member's cards need the card list (the server answers 4030 without it).
    enabled: online && hasAccessToken() && showCards,
  });
  // Offline the balances still shown are those loaded before: the offline banner says how old.
  useShowsSnapshot(!online && showWallet && wallet.balances ? wallet.updatedAt : null);

  return (
    <div className="cp-home cp-sub-home" data-testid="sub-home-page">
      <div className="cp-home__intro">
        <p className="cp-home__hello">
          {t('greeting')}
          {user?.nickname ? `, ${user.nickname}` : ''}
        </p>
        <h1 className="cp-home__title">{t('title')}</h1>
      </div>
      <div className="cp-home__grid">
        <div className="cp-home__main">
          {user?.sub ? <AccessCard sub={user.sub} /> : null}
          {showWallet ? (
            <BalanceCard
              wallet={wallet.balances}
              asOf={online ? null : wallet.updatedAt}
              online={online}
              walletLoading={wallet.loading}
              walletFailed={wallet.failed}
              refresh={async () => {
                await refreshWallet();
              }}
            />
          ) : null}
          {showCards ? <RecentCards /> : null}
        </div>
        <div className="cp-home__main">
          {showCards ? (
            <OverviewStats
              overview={overview.data ?? null}
              loading={overview.isLoading}
              failed={overview.isError}
              onRetry={() => void overview.refetch()}
            />
          ) : null}
          {showRecords ? <RecentRecords /> : null}
        </div>
        <div className="cp-home__wide">
          {showCards && overview.data ? <ActivityChart daily={overview.data.daily} /> : null}
        </div>
      </div>
    </div>
  );
}
