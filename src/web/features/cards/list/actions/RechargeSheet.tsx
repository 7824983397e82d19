/** Recharge one card (spec §1 "recharge"): the load sheet for the card, priced by rechargeCost. */
import { useTranslation } from 'react-i18next';
import { cardRecharge, rechargeCost, type CardView } from '@contract/cards';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
import { LoadSheet } from './LoadSheet';

export interface RechargeSheetProps {
  card: CardView;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

export function RechargeSheet({ card, onClose, onDone }: RechargeSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <LoadSheet
      title={t('recharge.title', { last4: card.last4 })}
      testId="recharge"
      currency={card.currency}
      amountLabel={t('recharge.amount', { currency: card.currency })}
      amountHint={card.currency === 'USD' ? t('recharge.limitHint') : undefined}
      head={<CardSummary card={card} />}
      quote={(amount) => call(rechargeCost, { cardId: card.id, amount })}
      charge={(fields, idempotencyKey) =>
        call(cardRecharge, { cardId: card.id, ...fields }, { idempotencyKey })
      }
      onCharged={(result) => {
        toastSuccess(t('recharge.done', { amount: formatMoney(result.card.balance, result.card.currency) }));
        onDone([result.card]);
      }}
      onClose={onClose}
    />
  );
}
