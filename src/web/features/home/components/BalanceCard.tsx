/**
 * The wallet's CNY and USD balances (spec §3: hundredths shown with two decimals), the hero of the
 * home page. Offline, or when a refresh failed, it says how old the figures are.
 */
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { RefreshIcon } from '../../../components/ui/icons';
import { Money } from '../../../components/ui/Money';
import { SavedAge } from '../../../components/ui/SavedAge';
import { useClickGuard } from '../../../components/ui/useClickGuard';
import { ensureOnline } from '../../../lib/offline';
import { HOME_NS } from '../i18n';
import type { HomeData } from '../useHomeData';

export const WALLET_CURRENCIES: readonly CurrencyCode[] = ['CNY', 'USD'];

type Props = Pick<HomeData, 'wallet' | 'asOf' | 'online' | 'walletLoading' | 'walletFailed' | 'refresh'>;

export function BalanceCard({ wallet, asOf, online, walletLoading, walletFailed, refresh }: Props) {
  const { t } = useTranslation(HOME_NS);
  const { guarded, guard } = useClickGuard();
  const onRefresh = guard(() => {
    if (ensureOnline()) void refresh();
  });

  return (
    <section
      className="cp-balance"
      aria-labelledby="home-balance-title"
      aria-busy={walletLoading}
      data-testid="wallet"
    >
      <header className="cp-balance__header">
        <h2 id="home-balance-title" className="cp-balance__title">
          {t('balance.title')}
        </h2>
        <button
          type="button"
          className="cp-balance__refresh"
          onClick={onRefresh}
          disabled={guarded || walletLoading}
          aria-label={t('balance.refresh')}
          title={t('balance.refresh')}
          data-testid="wallet-refresh"
        >
          <RefreshIcon size={18} className={walletLoading ? 'cp-balance__spin' : undefined} />
        </button>
      </header>
      {asOf !== null ? (
        <p className="cp-balance__as-of" role="status" data-testid="snapshot-time">
          <SavedAge
            savedAt={asOf}
            phrase={(age) => t(online ? 'snapshot.stale' : 'snapshot.asOf', { age })}
          />
        </p>
      ) : null}
      {!wallet && !online ? (
        <p className="cp-balance__note" data-testid="snapshot-none">
          {t('snapshot.none')}
        </p>
      ) : null}
      {!wallet && online && walletFailed ? (
        <p className="cp-balance__note">
          {t('balance.loadFailed')}{' '}
          <button type="button" className="cp-balance__retry" onClick={onRefresh}>
            {t('balance.retry')}
          </button>
        </p>
      ) : null}
      <dl className="cp-balance__list">
        {WALLET_CURRENCIES.map((currency) => (
          <div key={currency} className="cp-balance__item">
            <dt>{t('balance.account', { currency })}</dt>
            <dd>
              {wallet ? (
                <Money minor={wallet[currency] ?? 0} currency={currency} data-testid={`wallet-${currency}`} />
              ) : (
                <span className="cp-balance__placeholder" data-testid={`wallet-${currency}`}>
                  —
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
