/**
 * The CNY and USD wallet balances, two decimals with the currency symbol (spec §3, §9), from the
 * wallet atom (lib/wallet.ts). A compact card for pages that show the wallet beside other content
 * (today the interim /home and /subHome routes); the home page has its own larger balance card.
 */
import Button from '../../../components/ui/Button';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { formatMoney } from '../../../lib/money';
import { refreshWallet, useWallet } from '../../../lib/wallet';
import './wallet.css';

const SHOWN: readonly CurrencyCode[] = ['CNY', 'USD'];

export function WalletCard() {
  const { t } = useTranslation('account');
  const { balances: data, loading, failed } = useWallet();
  const isError = failed && !data;

  return (
    <section className="cp-wallet" aria-labelledby="wallet-title" aria-busy={loading} data-testid="wallet">
      <h2 id="wallet-title" className="cp-wallet__title">
        {t('home.wallet')}
      </h2>
      <p className="cp-wallet__hint">{t('home.walletHint')}</p>
      {isError ? (
        <div className="cp-wallet__error">
          <span>{t('home.loadFailed')}</span>
          <Button size="mini" fill="outline" onClick={() => void refreshWallet()}>
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
