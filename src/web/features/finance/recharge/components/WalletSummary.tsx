/**
 * The CNY and USD balances from the wallet atom (lib/wallet.ts), shown above the ways to top up so
 * the customer sees what they have; a paid order refreshes the atom and this updates by itself.
 */
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '@contract/core';
import { Money } from '@web/components/ui/Money';
import { refreshWallet, useWallet } from '@web/lib/wallet';
import { RECHARGE_NS } from '../i18n';

const SHOWN: readonly CurrencyCode[] = ['CNY', 'USD'];

export function WalletSummary() {
  const { t } = useTranslation(RECHARGE_NS);
  const { balances, loading, failed } = useWallet();

  return (
    <section
      className="cp-recharge-wallet"
      aria-labelledby="recharge-wallet-title"
      aria-busy={loading}
      data-testid="recharge-wallet"
    >
      <h2 id="recharge-wallet-title" className="cp-recharge-wallet__title">
        {t('wallet.title')}
      </h2>
      <dl className="cp-recharge-wallet__list">
        {SHOWN.map((currency) => (
          <div key={currency} className="cp-recharge-wallet__item">
            <dt>{t('wallet.account', { currency })}</dt>
            <dd>
              {balances ? (
                <Money
                  minor={balances[currency] ?? 0}
                  currency={currency}
                  data-testid={`wallet-${currency}`}
                />
              ) : (
                <span data-testid={`wallet-${currency}`}>—</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {failed && !balances ? (
        <p className="cp-recharge-wallet__note">
          {t('wallet.loadFailed')}{' '}
          <button type="button" className="cp-text-link" onClick={() => void refreshWallet()}>
            {t('wallet.retry')}
          </button>
        </p>
      ) : null}
    </section>
  );
}
