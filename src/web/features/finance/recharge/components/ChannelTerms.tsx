/**
 * What a channel asks of the customer, above the amount: for USDT the network (TRC20 only), the
 * minimum, the hour to pay and the 1–5 minute confirmation (spec §9); for the others the app to
 * scan with and the time to pay.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@web/lib/money';
import { RECHARGE_NS } from '../i18n';
import type { ChannelRule } from '../limits';
import { payWindowText } from '../time-text';
import { ChannelIcon } from './ChannelIcon';

export function ChannelTerms({ rule }: { rule: ChannelRule }) {
  const { t } = useTranslation(RECHARGE_NS);
  const within = payWindowText(t, rule.payWithinSeconds);
  const usdt = rule.channel === 'usdt_trc20';

  return (
    <div className="cp-recharge-terms" data-testid="recharge-terms">
      <ChannelIcon way={rule.channel} size={36} />
      <div className="cp-recharge-terms__text">
        <p className="cp-recharge-terms__name">
          {t(`channel.${rule.channel}`)}
          {usdt ? <span className="cp-tag cp-tag--ok cp-recharge-badge">TRC20</span> : null}
        </p>
        {usdt ? (
          <ul className="cp-recharge-terms__list">
            <li>{t('usdt.network')}</li>
            <li>{t('usdt.minimum', { amount: formatMoney(rule.minAmount, rule.currency) })}</li>
            <li>
              {t('usdt.window', {
                within,
                from: rule.confirmMinutes?.[0] ?? 1,
                to: rule.confirmMinutes?.[1] ?? 5,
              })}
            </li>
          </ul>
        ) : (
          <p className="cp-recharge-terms__line">{t(`terms.${rule.channel}`, { within })}</p>
        )}
      </div>
    </div>
  );
}
