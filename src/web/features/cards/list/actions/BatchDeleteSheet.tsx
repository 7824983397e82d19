/**
 * Delete the selected cards, all or nothing (batchDelete), through the confirmation of
 * RemoveCardsSheet. One card with pending authorizations stops the batch.
 */
import { useTranslation } from 'react-i18next';
import { cardBatchDelete, type CardView } from '../../../../../contract/cards';
import { BATCH_ACTION_MAX } from '../../../../../contract/card-rules';
import { call } from '../../../../lib/http';
import { formatMoney } from '../../../../lib/money';
import { toastSuccess } from '../../../../lib/notify';
import { CARD_LIST_NS } from '../i18n';
import { RemoveCardsSheet } from './RemoveCardsSheet';

export interface BatchDeleteSheetProps {
  cards: readonly CardView[];
  onClose: () => void;
  /** The list reloads: batchDelete answers counts, not cards. */
  onDone: () => void;
}

export function BatchDeleteSheet({ cards, onClose, onDone }: BatchDeleteSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const currencies = [...new Set(cards.map((card) => card.currency))];
  const oneCurrency = currencies.length === 1 ? currencies[0] : undefined;
  const balance = cards.reduce((sum, card) => sum + card.balance, 0);
  const tooMany = cards.length > BATCH_ACTION_MAX;

  return (
    <RemoveCardsSheet
      title={t('batch.deleteTitle', { count: cards.length })}
      testId="batch-delete"
      text={t('batch.deleteText', { count: cards.length })}
      returns={oneCurrency ? { minor: balance, currency: oneCurrency } : null}
      blocked={tooMany || cards.length === 0}
      warning={tooMany ? t('cards:validation.tooManyCards') : null}
      confirm={t('batch.deleteConfirm', { count: cards.length })}
      // Comma-separated: a repeated form field keeps only its last value on the server.
      fields={{ cardIds: cards.map((card) => card.id).join(',') }}
      remove={(fields, idempotencyKey) => call(cardBatchDelete, fields, { idempotencyKey, silent: true })}
      onRemoved={(result) => {
        toastSuccess(
          oneCurrency && result.refunded > 0
            ? t('batch.deletedRefunded', {
                count: result.deleted,
                amount: formatMoney(result.refunded, oneCurrency),
              })
            : t('batch.deleted', { count: result.deleted }),
        );
        onDone();
      }}
      onClose={onClose}
    />
  );
}
