/** Delete one card (cardDelete), through the confirmation of RemoveCardsSheet. */
import { useTranslation } from 'react-i18next';
import { cardDelete, type CardView } from '@contract/cards';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
import { RemoveCardsSheet } from './RemoveCardsSheet';

export interface DeleteSheetProps {
  card: CardView;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

export function DeleteSheet({ card, onClose, onDone }: DeleteSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <RemoveCardsSheet
      title={t('delete.title', { last4: card.last4 })}
      testId="delete"
      head={<CardSummary card={card} />}
      text={t('delete.text', { currency: card.currency })}
      returns={{ minor: card.balance, currency: card.currency }}
      confirm={t('delete.confirm')}
      fields={{ cardId: card.id }}
      remove={(fields, idempotencyKey) => call(cardDelete, fields, { idempotencyKey, silent: true })}
      onRemoved={(result) => {
        toastSuccess(
          result.refunded > 0
            ? t('delete.doneRefunded', { amount: formatMoney(result.refunded, card.currency) })
            : t('delete.done'),
        );
        onDone([result.card]);
      }}
      onClose={onClose}
    />
  );
}
