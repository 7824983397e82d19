/** An order whose sheet was closed before it was paid: one tap brings its payment code back. */
import { useTranslation } from 'react-i18next';
import { Money } from '@web/components/ui/Money';
import type { TopupOrder } from '../api';
import { RECHARGE_NS } from '../i18n';

export function PendingOrderBar({ order, onOpen }: { order: TopupOrder; onOpen: () => void }) {
  const { t } = useTranslation(RECHARGE_NS);
  return (
    <div className="cp-recharge-pending" role="status" data-testid="recharge-pending-order">
      <span>
        {t('pending.text')} <Money minor={order.amount} currency={order.currency} />
      </span>
      <button type="button" className="cp-text-link" onClick={onOpen} data-testid="recharge-reopen">
        {t('pending.open')}
      </button>
    </div>
  );
}
