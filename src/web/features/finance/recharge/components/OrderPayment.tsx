/**
 * The open order in the status sheet: the QR code of its payload (or, for USDT, the one-time
 * TRC20 address and the exact amount, each with its own copy button), the countdown to expiry,
 * "save QR image", "open in the app" on phones, and the live status — at the top, so the customer
 * who has just paid sees it without scrolling. Once the chain has seen a USDT payment, the QR code,
 * the address and the countdown give way to the chain's progress (ChainProgress): nothing left on
 * the screen invites a second payment.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@web/components/ui/CopyButton';
import { Countdown } from '@web/components/ui/Countdown';
import { Money } from '@web/components/ui/Money';
import { useMediaQuery, WIDE_QUERY } from '@web/components/ui/useMediaQuery';
import { plainAmount } from '@web/lib/amount-input';
import { formatMoney } from '@web/lib/money';
import type { TopupOrder } from '../api';
import { safeDeepLink } from '../deep-link';
import { RECHARGE_NS } from '../i18n';
import { useQrDataUrl } from '../useQrDataUrl';
import { ChainProgress } from './ChainProgress';

function secondsUntil(iso: string): number {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : 0;
}

export interface OrderPaymentProps {
  order: TopupOrder;
  /** The customer pressed "I have paid" and the order is still waiting for the payment. */
  reported?: boolean;
}

export function OrderPayment({ order, reported = false }: OrderPaymentProps) {
  const { t } = useTranslation(RECHARGE_NS);
  const phone = !useMediaQuery(WIDE_QUERY);
  const usdt = order.channel === 'usdt_trc20';
  const card = order.channel === 'bank_card';
  const confirming = order.status === 'confirming';
  const onChain = usdt && confirming;
  const qr = useQrDataUrl(card || onChain ? null : order.payload);
  const deepLink = phone && !onChain ? safeDeepLink(order.deepLink) : null;
  const amountText = formatMoney(order.amount, order.currency);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // When the state changes (paid on chain, or "I have paid" pressed), bring it into view: the
  // customer may be scrolled down at the address.
  useEffect(() => {
    if (confirming || reported) statusRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [confirming, reported]);

  return (
    <div className="cp-recharge-pay">
      {/* The state first (issue 18 §5): on a phone the sheet's foot is below the fold, and a
          customer who has just paid looks for what happens next, not for the QR code again. */}
      <p
        ref={statusRef}
        className={`cp-recharge-status cp-recharge-status--${order.status}`}
        role="status"
        aria-live="polite"
        data-testid="recharge-status"
        data-status={order.status}
      >
        <span className="cp-recharge-status__dot" aria-hidden="true" />
        {confirming ? t('order.confirming') : reported ? t('order.reported') : t('order.waiting')}
      </p>
      <p className="cp-recharge-pay__amount">
        <span className="cp-recharge-pay__amount-label">
          {t(onChain ? 'order.amountSent' : 'order.amount')}
        </span>
        {usdt ? (
          // USDT is sent as a number of tokens, so no dollar sign: exactly what the wallet app asks for.
          <span className="cp-money" data-testid="recharge-order-amount">
            {plainAmount(order.amount)} <span className="cp-recharge-pay__unit">USDT</span>
          </span>
        ) : (
          <Money minor={order.amount} currency={order.currency} data-testid="recharge-order-amount" />
        )}
      </p>

      {onChain ? (
        <ChainProgress order={order} />
      ) : card ? (
        <p className="cp-recharge-pay__instruction">
          {t('order.cardInstruction', { last4: order.cardLast4 ?? '····' })}
        </p>
      ) : (
        <>
          <p className="cp-recharge-pay__instruction">
            {usdt ? t('order.usdtInstruction') : t(`order.scan.${order.channel}`)}
          </p>
          <div
            className="cp-recharge-qr"
            data-testid="recharge-qr"
            data-state={typeof qr === 'string' ? qr : 'ready'}
          >
            {typeof qr === 'string' ? (
              qr === 'failed' ? (
                <p className="cp-recharge-qr__failed">{t('order.qrFailed')}</p>
              ) : (
                <span className="cp-shimmer cp-recharge-qr__placeholder" aria-label={t('order.qrLoading')} />
              )
            ) : (
              <img
                src={qr.url}
                width={220}
                height={220}
                alt={t('order.qrAlt', { amount: amountText })}
                className="cp-recharge-qr__image"
                data-testid="recharge-qr-image"
              />
            )}
          </div>
          {typeof qr !== 'string' ? (
            <p className="cp-recharge-pay__hint">{t(phone ? 'order.longPress' : 'order.scanWithPhone')}</p>
          ) : null}
        </>
      )}

      {usdt && order.address && !onChain ? (
        <>
          <dl className="cp-recharge-usdt">
            <div>
              <dt>{t('order.network')}</dt>
              <dd>
                <span className="cp-tag cp-tag--ok cp-recharge-badge">{order.network ?? 'TRC20'}</span>
              </dd>
            </div>
            <div className="cp-recharge-usdt__row">
              <dt>{t('order.address')}</dt>
              <dd>
                <code className="cp-recharge-usdt__address" data-testid="recharge-address">
                  {order.address}
                </code>
                <CopyButton
                  value={order.address}
                  text={t('order.copyAddress')}
                  failed={t('order.copyFailed')}
                  data-testid="recharge-copy-address"
                />
              </dd>
            </div>
            <div className="cp-recharge-usdt__row">
              <dt>{t('order.usdtAmount')}</dt>
              <dd>
                <code className="cp-recharge-usdt__value">{plainAmount(order.amount)} USDT</code>
                <CopyButton
                  value={plainAmount(order.amount)}
                  text={t('order.copyAmount')}
                  failed={t('order.copyFailed')}
                  data-testid="recharge-copy-amount"
                />
              </dd>
            </div>
          </dl>
          {/* Outside the list: a <dl> holds only its term and value groups. */}
          <p className="cp-recharge-usdt__warning">{t('order.usdtWarning')}</p>
        </>
      ) : null}

      <div className="cp-recharge-pay__actions">
        {typeof qr !== 'string' ? (
          <a
            className="cp-recharge-action"
            href={qr.url}
            download={`recharge-${order.orderId}.png`}
            data-testid="recharge-save-qr"
          >
            {t('order.saveQr')}
          </a>
        ) : null}
        {deepLink ? (
          <a
            className="cp-recharge-action cp-recharge-action--primary"
            href={deepLink}
            data-testid="recharge-open-app"
          >
            {t('order.openApp', { app: t(`channelShort.${order.channel}`) })}
          </a>
        ) : null}
      </div>

      <dl className="cp-recharge-pay__facts">
        <div>
          <dt>{t('order.number')}</dt>
          <dd>
            <span className="cp-recharge-pay__order-no" data-testid="recharge-order-id">
              {order.orderId}
            </span>
            {usdt ? null : (
              <CopyButton
                value={order.orderId}
                text={t('order.copyNumber')}
                failed={t('order.copyFailed')}
                data-testid="recharge-copy-order"
              />
            )}
          </dd>
        </div>
        {confirming ? null : (
          <div>
            <dt>{t('order.payWithin')}</dt>
            <dd>
              <Countdown
                key={order.expiresAt}
                seconds={secondsUntil(order.expiresAt)}
                data-testid="recharge-countdown"
              />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
