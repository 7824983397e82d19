/**
 * How an order ended, in the status sheet: paid (what reached the wallet and the fee), or closed
 * (expired, failed, or a USDT confirmation that is taking longer than its window).
 */
import { useTranslation } from 'react-i18next';
import { TickIcon } from '@web/components/ui/icons';
import { Money } from '@web/components/ui/Money';
import type { TopupOrder } from '../api';
import { RECHARGE_NS } from '../i18n';

export type ClosedReason = 'expired' | 'failed' | 'late';

export function OrderSuccess({ order }: { order: TopupOrder }) {
  const { t } = useTranslation(RECHARGE_NS);
  return (
    <div className="cp-recharge-outcome" data-testid="recharge-success">
      <span className="cp-recharge-outcome__icon cp-recharge-outcome__icon--ok" aria-hidden="true">
        <TickIcon size={30} />
      </span>
      <p className="cp-recharge-outcome__title" role="status">
        {t('success.title')}
      </p>
      <p className="cp-recharge-outcome__credit">
        <span>{t('success.credited')}</span>
        <Money minor={order.credit} currency={order.currency} data-testid="recharge-success-credit" />
      </p>
      <dl className="cp-recharge-outcome__facts">
        <div>
          <dt>{t('success.paid')}</dt>
          <dd>
            <Money minor={order.amount} currency={order.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('success.fee')}</dt>
          <dd>
            <Money minor={order.fee} currency={order.currency} data-testid="recharge-success-fee" />
          </dd>
        </div>
        <div>
          <dt>{t('order.number')}</dt>
          <dd className="cp-recharge-pay__order-no">{order.orderId}</dd>
        </div>
      </dl>
      <p className="cp-recharge-outcome__note">{t('success.walletUpdated')}</p>
    </div>
  );
}

export function OrderClosed({ order, reason }: { order: TopupOrder; reason: ClosedReason }) {
  const { t } = useTranslation(RECHARGE_NS);
  const detail = reason === 'failed' && order.failureReason ? order.failureReason : t(`closed.${reason}Text`);
  return (
    <div className="cp-recharge-outcome" data-testid="recharge-closed" data-reason={reason}>
      <span
        className={`cp-recharge-outcome__icon cp-recharge-outcome__icon--${reason === 'late' ? 'wait' : 'bad'}`}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" width="30" height="30">
          {reason === 'late' ? (
            <>
              <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path
                d="M12 8v4.5l3 2"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </>
          ) : (
            <path
              d="M7 7l10 10M17 7L7 17"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          )}
        </svg>
      </span>
      <p className="cp-recharge-outcome__title" role="status">
        {t(`closed.${reason}`)}
      </p>
      <p className="cp-recharge-outcome__note">{detail}</p>
      <p className="cp-recharge-outcome__order">
        {t('order.number')}: <span className="cp-recharge-pay__order-no">{order.orderId}</span>
      </p>
    </div>
  );
}
