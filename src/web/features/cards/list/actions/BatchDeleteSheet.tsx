/**
 * Delete the selected cards, or every card of a whole group, through the confirmation of
 * RemoveCardsSheet. The preview comes first (cardGroup/preview): the cards that will be deleted,
 * the ones skipped and why (pending authorizations, already deleted) and the balances returned to
 * the wallet. The confirmation deletes the affected cards all or nothing (batchDelete, under an
 * Idempotency-Key); a card that gained a pending authorization meanwhile stops the batch and the
 * refusal shows in the sheet.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cardBatchDelete } from '@contract/cards';
import { BATCH_ACTION_MAX } from '@contract/card-rules';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { CARD_LIST_NS } from '../i18n';
import { affectedIds, BulkPreviewView, fetchBulkPreview, scopeOf, type CardsOrGroup } from './BulkPreview';
import { RemoveCardsSheet } from './RemoveCardsSheet';

export interface BatchDeleteSheetProps {
  /** The selected cards, or a whole group (`groupId`) whose cards the preview names. */
  scope: CardsOrGroup;
  onClose: () => void;
  /** The list reloads: batchDelete answers counts, not cards. */
  onDone: () => void;
}

export function BatchDeleteSheet({ scope, onClose, onDone }: BatchDeleteSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const target = scopeOf(scope);
  const preview = useQuery({
    queryKey: ['cards', 'bulkPreview', 'delete', target],
    gcTime: 0,
    queryFn: ({ signal }) => fetchBulkPreview('delete', target, { signal }),
  });
  const data = preview.data;
  const count = data?.affected.length ?? 0;
  const tooMany = count > BATCH_ACTION_MAX;
  const currency = data?.currency ?? 'USD';

  return (
    <RemoveCardsSheet
      title={
        'cards' in scope ? t('batch.deleteTitle', { count: scope.cards.length }) : t('bulk.title.deleteGroup')
      }
      testId="batch-delete"
      head={data ? <BulkPreviewView data={data} /> : <p role="status">{t('bulk.loading')}</p>}
      text={data && count > 0 ? t('bulk.deleteText', { count }) : ''}
      // The preview's money line says what returns to the wallet.
      returns={null}
      blocked={!data || count === 0 || tooMany}
      warning={tooMany ? t('cards:validation.tooManyCards') : null}
      confirm={t('batch.deleteConfirm', { count })}
      fields={{ cardIds: data ? affectedIds(data) : '' }}
      remove={(fields, idempotencyKey) => call(cardBatchDelete, fields, { idempotencyKey, silent: true })}
      onRemoved={(result) => {
        toastSuccess(
          result.refunded > 0
            ? t('batch.deletedRefunded', {
                count: result.deleted,
                amount: formatMoney(result.refunded, currency),
              })
            : t('batch.deleted', { count: result.deleted }),
        );
        onDone();
      }}
      onClose={onClose}
    />
  );
}
