/**
 * The account overview: cards by status, and this month's spend and top-ups per currency
 * (`/api/user/overview`). Zeros are real zeros — a new account has no cards yet.
 */
import { useTranslation } from 'react-i18next';
import type { Overview } from '@contract/account';
import { Money } from '../../../components/ui/Money';
import { HOME_NS } from '../i18n';
import { WALLET_CURRENCIES } from './BalanceCard';

const STATUSES = ['total', 'active', 'frozen', 'deleted'] as const;

interface Props {
  overview: Overview | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

export function OverviewStats({ overview, loading, failed, onRetry }: Props) {
  const { t } = useTranslation(HOME_NS);
  return (
    <section
      className="cp-panel cp-overview"
      aria-labelledby="home-overview-title"
      aria-busy={loading}
      data-testid="overview"
    >
      <header className="cp-home-card__header">
        <h2 id="home-overview-title" className="cp-home-card__title">
          {t('overview.title')}
        </h2>
      </header>
      {!overview && failed ? (
        <p className="cp-overview__error">
          {t('overview.loadFailed')}{' '}
          <button type="button" className="cp-text-link" onClick={onRetry}>
            {t('overview.retry')}
          </button>
        </p>
      ) : null}
      <h3 className="cp-overview__subtitle">{t('overview.cards')}</h3>
      <dl className="cp-overview__cards">
        {STATUSES.map((status) => (
          <div key={status} className={`cp-overview__stat cp-overview__stat--${status}`}>
            <dt>{t(`overview.${status}`)}</dt>
            <dd data-testid={`cards-${status}`}>{overview ? overview.cards[status] : '—'}</dd>
          </div>
        ))}
      </dl>
      <dl className="cp-overview__month">
        {(['monthSpend', 'monthTopUp'] as const).map((kind) => (
          <div key={kind} className="cp-overview__month-row">
            <dt>{t(`overview.${kind}`)}</dt>
            {WALLET_CURRENCIES.map((currency) => (
              <dd key={currency} data-testid={`${kind}-${currency}`}>
                {overview ? <Money minor={overview[kind][currency] ?? 0} currency={currency} /> : '—'}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
