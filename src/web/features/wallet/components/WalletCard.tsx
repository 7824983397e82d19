/** The CNY and USD wallet balances, two decimals with the currency symbol (spec §3, §9). */
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '../../../../contract/core';
import { formatMoney } from '../../../lib/money';
import { useWallet } from '../useWallet';
import './wallet.css';

const SHOWN: readonly CurrencyCode[] = ['CNY', 'USD'];

export function WalletCard() {
  const { t } = useTranslation('account');
  const { data, isPending, isError, refetch } = useWallet();

  return (
    <section className="cp-wallet" aria-labelledby="wallet-title" aria-busy={isPending} data-testid="wallet">
      <h2 id="wallet-title" className="cp-wallet__title">
        {t('home.wallet')}
      </h2>
      <p className="cp-wallet__hint">{t('home.walletHint')}</p>
      {isError ? (
        <div className="cp-wallet__error">
          <span>{t('home.loadFailed')}</span>
          <Button size="mini" fill="outline" onClick={() => void refetch()}>
            {t('home.retry')}
          </Button>
        </div>
      ) : (
        <dl className="cp-wallet__list">
          {SHOWN.map((currency) => (
            <div key={currency} className="cp-wallet__item">
              <dt>{currency}</dt>
              <dd data-testid={`wallet-${currency}`}>
                {data ? formatMoney(data[currency] ?? 0, currency) : '—'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
