/**
 * /FinanceRechargeIndex (spec §2, permission 2003001): the wallet balances and every way to top
 * up, each with the limits and fee of topup/amount, so the customer can choose before paying.
 * Online channels lead to the online page with the channel chosen; the bank card to the UnionPay
 * page; the USD bank transfer (business accounts only) to the forecast page.
 */
import { useTranslation } from 'react-i18next';
import { ONLINE_CHANNELS, USD_TRANSFER_MIN } from '@contract/topup-rules';
import { PageIntro } from '../../../components/ui/PageIntro';
import { formatMoney } from '../../../lib/money';
import { WalletSummary } from './components/WalletSummary';
import { WayLink } from './components/WayLink';
import { RECHARGE_NS } from './i18n';
import { feeRateText, ruleOf, type TopupChannel } from './limits';
import { useTopupLimits } from './useTopupLimits';
import './recharge.css';

export function RechargeIndexPage() {
  const { t } = useTranslation(RECHARGE_NS);
  const limits = useTopupLimits();
  const data = limits.data;

  /** "Min ¥500.00 · fee 0.6%": from the server's answer; a failed load falls back to the contract's rules. */
  const detailOf = (channel: TopupChannel) => {
    if (!data && !limits.isError) return null;
    const rule = ruleOf(data, channel);
    return t('limits.line', {
      min: formatMoney(rule.minAmount, rule.currency),
      fee: feeRateText(rule.feeRateBp),
    });
  };

  const usd = data?.usdTransfer;
  const canForecast = data?.canForecast ?? true;

  return (
    <div className="cp-page cp-recharge" data-testid="recharge-index">
      <PageIntro title={t('index.title')} lead={t('index.lead')} />
      <div className="cp-recharge__grid">
        <WalletSummary />
        <div className="cp-recharge__ways">
          <section aria-labelledby="recharge-online-title">
            <h2 id="recharge-online-title" className="cp-recharge__section-title">
              {t('index.online')}
            </h2>
            <ul className="cp-recharge-ways">
              {ONLINE_CHANNELS.map((channel) => (
                <li key={channel}>
                  <WayLink
                    way={channel}
                    name={t(`channel.${channel}`)}
                    detail={detailOf(channel)}
                    to={`/FinanceRechargeOnline?channel=${channel}`}
                    note={channel === 'usdt_trc20' ? t('index.usdtNote') : undefined}
                  />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="recharge-other-title">
            <h2 id="recharge-other-title" className="cp-recharge__section-title">
              {t('index.other')}
            </h2>
            <ul className="cp-recharge-ways">
              <li>
                <WayLink
                  way="bank_card"
                  name={t('channel.bank_card')}
                  detail={detailOf('bank_card')}
                  to="/FinanceRechargeUnionPay"
                  note={t('index.bankCardNote')}
                />
              </li>
              <li>
                <WayLink
                  way="usd_transfer"
                  name={t('index.usdTransfer')}
                  detail={
                    data || limits.isError
                      ? t('limits.minOnly', { min: formatMoney(usd?.minAmount ?? USD_TRANSFER_MIN, 'USD') })
                      : null
                  }
                  to={canForecast ? '/FinanceRechargeBank' : undefined}
                  note={canForecast ? t('index.usdTransferNote') : t('index.businessOnly')}
                />
              </li>
            </ul>
          </section>
          {limits.isError ? (
            <p className="cp-recharge__note" role="status">
              {t('limits.failed')}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
