/**
 * /FinanceRechargeOnline?channel=… (spec §2, permission 2003001): WeChat Pay, Alipay, UnionPay QR
 * or USDT-TRC20. The amount is checked against the channel's limits before anything is sent (below
 * the minimum, or above 16000: contact customer service or use UnionPay), the quote shows the fee
 * and the credit, a confirmation sheet repeats them, and only then is the order created; it opens in the status sheet with its QR code and live status.
 */
import { useNavigate, useRouterState } from '@tanstack/react-router';
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ONLINE_CHANNELS } from '@contract/topup-rules';
import { ServiceNotice } from '../../../components/layout/ServiceNotice';
import { SegmentedTabs } from '../../../components/ui/SegmentedTabs';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { ensureOnline } from '../../../lib/offline';
import type { OrderStatus, Quote, TopupOrder } from './api';
import { AMOUNT_INPUT_ID, AmountField } from './components/AmountField';
import { ChannelTerms } from './components/ChannelTerms';
import { OrderSheet } from './components/OrderSheet';
import { PendingOrderBar } from './components/PendingOrderBar';
import { QuoteSummary } from './components/QuoteSummary';
import { RechargeHeader } from './components/RechargeHeader';
import { TopupConfirmSheet } from './components/TopupConfirmSheet';
import { RECHARGE_NS } from './i18n';
import { isFinal } from './order-poller';
import { useAmountEntry } from './useAmountEntry';
import { useCreateOrder } from './useCreateOrder';
import './recharge.css';

type OnlineChannel = (typeof ONLINE_CHANNELS)[number];

function channelOf(searchStr: string): OnlineChannel {
  const asked = new URLSearchParams(searchStr).get('channel');
  return ONLINE_CHANNELS.find((channel) => channel === asked) ?? 'wechat';
}

export function RechargeOnlinePage() {
  const { t } = useTranslation(RECHARGE_NS);
  const navigate = useNavigate();
  const channel = channelOf(useRouterState({ select: (state) => state.location.searchStr }));
  const entry = useAmountEntry(channel);
  const { create, busy, forget } = useCreateOrder();
  const [order, setOrder] = useState<TopupOrder | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [lastStatus, setLastStatus] = useState<OrderStatus>('pending');
  // Submit asks for the confirmation sheet; it shows once the quote of the typed amount is in (a
  // tap while the quote loads is not lost), and the order is created only from the sheet.
  const [asked, setAsked] = useState(false);
  const quoted = entry.quote.data;
  const confirming: Quote | null =
    asked && entry.check.ok && quoted && !entry.quote.pending && quoted.amount === entry.check.amount
      ? quoted
      : null;

  const chooseChannel = (next: OnlineChannel) => {
    if (next === channel) return;
    // Another currency makes the typed amount meaningless (yuan are not dollars).
    if (entry.rule.currency !== (next === 'usdt_trc20' ? 'USD' : 'CNY')) entry.reset();
    forget();
    void navigate({ to: '/FinanceRechargeOnline', search: { channel: next }, replace: true });
  };

  const changeAmount = (text: string) => {
    setAsked(false);
    entry.setText(text);
    forget();
  };

  const { guarded, onSubmit } = useGuardedSubmit(() => {
    entry.touch();
    if (!entry.check.ok) {
      document.getElementById(AMOUNT_INPUT_ID)?.focus();
      return;
    }
    setAsked(true);
  });

  const confirm = () => {
    if (!confirming || !ensureOnline()) return;
    void create({ channel, amount: confirming.amount }).then((created) => {
      if (!created) return;
      setAsked(false);
      setOrder(created);
      setLastStatus(created.status);
      setSheetOpen(true);
    });
  };

  const closeSheet = (status: OrderStatus) => {
    setSheetOpen(false);
    setLastStatus(status);
    if (status === 'paid') {
      entry.reset();
      setOrder(null);
    } else if (isFinal(status)) {
      setOrder(null);
    }
  };

  const restart = () => {
    setSheetOpen(false);
    setOrder(null);
    // After the sheet's closing animation, back to the amount, which is kept for another try.
    setTimeout(() => document.getElementById(AMOUNT_INPUT_ID)?.focus(), 300);
  };

  const usdt = channel === 'usdt_trc20';

  return (
    <div className="cp-page cp-recharge cp-recharge--form" data-testid="recharge-online">
      <RechargeHeader title={t('online.title')} lead={t('online.lead')} />
      <div className="cp-panel cp-recharge-card">
        <SegmentedTabs
          items={ONLINE_CHANNELS.map((key) => ({ key, title: t(`channelShort.${key}`) }))}
          active={channel}
          onChange={chooseChannel}
          idPrefix="recharge-channel"
          label={t('online.channelLabel')}
        />
        <div
          role="tabpanel"
          id={`recharge-channel-panel-${channel}`}
          aria-labelledby={`recharge-channel-tab-${channel}`}
        >
          <form className="cp-recharge-form" onSubmit={onSubmit} noValidate>
            <ChannelTerms rule={entry.rule} />
            <AmountField
              rule={entry.rule}
              value={entry.text}
              onChange={changeAmount}
              onBlur={entry.touch}
              error={entry.fieldError}
              limitsKnown={entry.limitsKnown}
            />
            {entry.serviceMessage ? (
              <ServiceNotice
                message={entry.serviceMessage}
                data-testid="recharge-service-notice"
                contactTestId="recharge-contact-service"
              >
                {channel === 'unionpay' ? null : (
                  <Button
                    size="small"
                    fill="outline"
                    onClick={() => chooseChannel('unionpay')}
                    data-testid="recharge-use-unionpay"
                  >
                    {t('amount.useUnionPay')}
                  </Button>
                )}
              </ServiceNotice>
            ) : null}
            <QuoteSummary
              currency={entry.rule.currency}
              quote={entry.quote.data}
              pending={entry.quote.pending}
              error={entry.quote.error}
            />
            <Button
              type="submit"
              block
              color="primary"
              size="large"
              loading={busy}
              disabled={busy || guarded}
              className="cp-submit"
              data-testid="recharge-submit"
            >
              {t(usdt ? 'online.submitUsdt' : 'online.submit')}
            </Button>
          </form>
        </div>
      </div>
      {order && !sheetOpen && !isFinal(lastStatus) ? (
        <PendingOrderBar order={order} onOpen={() => setSheetOpen(true)} />
      ) : null}
      <TopupConfirmSheet
        quote={confirming}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsked(false)}
      />
      {order ? (
        <OrderSheet
          key={order.orderId}
          order={order}
          visible={sheetOpen}
          onClose={closeSheet}
          onRestart={restart}
        />
      ) : null}
    </div>
  );
}
