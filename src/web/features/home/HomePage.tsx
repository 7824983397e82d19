/**
 * The home page (route /home, permission 2001; spec §2 "overview"): wallet balances, quick actions,
 * the account overview and the last 30 days. Rendered inside the signed-in shell, which supplies
 * the header (with the notice carousel on this page) and the offline banner.
 */
import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../components/ui/Can';
// Loaded with the page, not lazily: it shows on arrival, and a lazy part arriving a moment after
// the page pushed what is below it down (routes/home-load.ts). The card list loads it lazily.
import DeclineRateMeter from '../../components/ui/DeclineRateMeter';
import { dropHomePaint } from '../../lib/boot-answers';
import type { RouteName } from '../../lib/route-meta';
import { appStore, userInfoAtom } from '../../lib/session';
import { useShowsSnapshot } from '../../lib/shown-snapshot';
import { ActivityChart } from './components/ActivityChart';
import { BalanceCard } from './components/BalanceCard';
import { InstallCard } from './components/InstallCard';
import { OverviewStats } from './components/OverviewStats';
import { QuickActions } from './components/QuickActions';
import { RiskNotice } from './components/RiskNotice';
import { StartSteps } from './components/StartSteps';
import { HOME_NS } from './i18n';
import { useHomeData } from './useHomeData';
import '../../components/ui/page.css';
import './home.css';

export interface HomePageProps {
  /** Pages that exist in this build: a quick action appears only once its page is built. */
  builtRoutes: ReadonlySet<RouteName>;
}

export function HomePage({ builtRoutes }: HomePageProps) {
  const { t } = useTranslation(HOME_NS);
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const data = useHomeData();
  // The page is on screen: the saved figures index.html's boot script painted over it go, in the
  // same frame (features/home/first-paint).
  useLayoutEffect(() => dropHomePaint(), []);
  // Offline, the figures shown are the saved ones: the offline banner says so, with their age.
  useShowsSnapshot(!data.online && data.asOf !== null ? data.asOf : null);

  return (
    <div className="cp-home" data-testid="home-page" data-source={data.source}>
      <div className="cp-home__intro">
        <p className="cp-home__hello">
          {t('greeting')}
          {user?.nickname ? `, ${user.nickname}` : ''}
        </p>
        <h1 className="cp-home__title">{t('title')}</h1>
      </div>
      {/* Cards frozen by the decline-rate rule: before anything else on the page. */}
      <RiskNotice builtRoutes={builtRoutes} />
      <div className="cp-home__grid">
        {/* The wallet first (issue 34 §2): the start, the identity prompt and the meter follow it. */}
        <div className="cp-home__main">
          <BalanceCard {...data} />
          <QuickActions builtRoutes={builtRoutes} />
          <StartSteps
            wallet={data.wallet}
            overview={data.overview}
            overviewFailed={data.overviewFailed}
            builtRoutes={builtRoutes}
          />
          <Can permission="card:list">
            <DeclineRateMeter compact />
          </Can>
          <InstallCard />
        </div>
        <OverviewStats
          overview={data.overview}
          loading={data.overviewLoading}
          failed={data.overviewFailed}
          onRetry={() => void data.refresh()}
        />
        <div className="cp-home__wide">
          {data.overview ? (
            <ActivityChart daily={data.overview.daily} />
          ) : (
            <div className="cp-panel cp-chart--loading" aria-hidden="true" />
          )}
        </div>
      </div>
    </div>
  );
}
