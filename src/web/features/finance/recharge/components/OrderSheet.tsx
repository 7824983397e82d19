/**
 * The status sheet of a top-up order, shared by the online and bank-card pages: the payment (QR,
 * address, countdown, live status, "I have paid"), then the outcome. A bottom sheet on phones and
 * a dialog on wide screens that never closes on a backdrop tap (Sheet). Polling runs only while it
 * is open (useOrderStatus); the parent gives it a new `key` per order.
 */
import Button from '@web/components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '@web/components/ui/Sheet';
import { useClickGuard } from '@web/components/ui/useClickGuard';
import { toastInfo } from '@web/lib/notify';
import type { OrderStatus, TopupOrder } from '../api';
import { RECHARGE_NS } from '../i18n';
import { useOrderStatus } from '../useOrderStatus';
import { OrderClosed, OrderSuccess, type ClosedReason } from './OrderOutcome';
import { OrderPayment } from './OrderPayment';

export interface OrderSheetProps {
  order: TopupOrder;
  visible: boolean;
  /** Closed by the customer; tells the parent the last known state of the order. */
  onClose: (status: OrderStatus) => void;
  /** "Start again" after an expired or failed order. */
  onRestart: () => void;
}

type View = { kind: 'open' } | { kind: 'paid' } | { kind: 'closed'; reason: ClosedReason };

function viewOf(status: OrderStatus, timedOut: boolean): View {
  if (status === 'paid') return { kind: 'paid' };
  if (status === 'expired' || status === 'failed') return { kind: 'closed', reason: status };
  if (timedOut) return { kind: 'closed', reason: status === 'confirming' ? 'late' : 'expired' };
  return { kind: 'open' };
}

export function OrderSheet({ order: initial, visible, onClose, onRestart }: OrderSheetProps) {
  const { t } = useTranslation(RECHARGE_NS);
  const { order, timedOut, checking, check } = useOrderStatus(initial, visible);
  const { guarded, guard } = useClickGuard();
  const view = viewOf(order.status, timedOut);
  // USDT is credited by the chain, not by a button: once the customer says they paid (or the chain
  // shows the transfer), "I have paid" has done its job and makes way for a plain close.
  const [reported, setReported] = useState(false);
  const usdt = order.channel === 'usdt_trc20';
  const waitingOnChain = order.status === 'confirming' || (usdt && reported);
  // Past the deadline the server will expire a still-pending order; tell the parent the same.
  const close = () => onClose(view.kind === 'closed' && view.reason === 'expired' ? 'expired' : order.status);

  const onCheck = guard(() => {
    if (usdt) setReported(true);
    void check().then((answer) => {
      if (answer && (answer.status === 'pending' || answer.status === 'confirming')) {
        toastInfo(t(answer.status === 'pending' ? 'order.notYet' : 'order.confirming'));
      }
    });
  });

  const title =
    view.kind === 'paid'
      ? t('success.sheetTitle')
      : view.kind === 'closed'
        ? t('closed.sheetTitle')
        : t(`order.title.${order.channel}`);

  const footer =
    view.kind === 'open' && waitingOnChain ? (
      <Button block fill="outline" size="large" onClick={close} data-testid="recharge-close-waiting">
        {t('order.closeWaiting')}
      </Button>
    ) : view.kind === 'open' ? (
      <Button
        block
        color="primary"
        size="large"
        loading={checking}
        disabled={guarded || checking}
        onClick={onCheck}
        data-testid="recharge-check"
      >
        {t('order.havePaid')}
      </Button>
    ) : view.kind === 'paid' || view.reason === 'late' ? (
      <Button block color="primary" size="large" onClick={close} data-testid="recharge-done">
        {t('success.done')}
      </Button>
    ) : (
      <Button block color="primary" size="large" onClick={onRestart} data-testid="recharge-restart">
        {t('closed.restart')}
      </Button>
    );

  return (
    <Sheet visible={visible} title={title} onClose={close} footer={footer} data-testid="recharge-sheet">
      {view.kind === 'open' ? <OrderPayment order={order} reported={usdt && reported} /> : null}
      {view.kind === 'paid' ? <OrderSuccess order={order} /> : null}
      {view.kind === 'closed' ? <OrderClosed order={order} reason={view.reason} /> : null}
    </Sheet>
  );
}
