/**
 * Delete the selected cards, all or nothing (batchDelete), after a confirmation: their balances
 * return to the wallet. A refusal (one card with pending authorizations stops the batch) is shown
 * in the sheet.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BATCH_ACTION_MAX } from '../../../../../contract/card-rules';
import { cardBatchDelete, type CardView } from '../../../../../contract/cards';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { ApiError, call } from '../../../../lib/http';
import { formatMoney } from '../../../../lib/money';
import { toastSuccess } from '../../../../lib/notify';
import { refreshWallet } from '../../../../lib/wallet';
import { CARD_LIST_NS } from '../i18n';
import { mayNotHaveRun, useSubmissionKey } from '../useSubmissionKey';
import { refusalText } from './DeleteSheet';

export interface BatchDeleteSheetProps {
  cards: readonly CardView[];
  onClose: () => void;
  /** The list reloads: batchDelete answers counts, not cards. */
  onDone: () => void;
}

export function BatchDeleteSheet({ cards, onClose, onDone }: BatchDeleteSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { keyFor, forget } = useSubmissionKey();
  const currencies = [...new Set(cards.map((card) => card.currency))];
  const oneCurrency = currencies.length === 1 ? currencies[0] : undefined;
  const balance = cards.reduce((sum, card) => sum + card.balance, 0);
  const tooMany = cards.length > BATCH_ACTION_MAX;

  const remove = async () => {
    // Comma-separated: a repeated form field keeps only its last value on the server.
    const fields = { cardIds: cards.map((card) => card.id).join(',') };
    setBusy(true);
    setRefusal(null);
    try {
      const result = await call(cardBatchDelete, fields, { idempotencyKey: keyFor(fields), silent: true });
      forget();
      toastSuccess(
        oneCurrency && result.refunded > 0
          ? t('batch.deletedRefunded', {
              count: result.deleted,
              amount: formatMoney(result.refunded, oneCurrency),
            })
          : t('batch.deleted', { count: result.deleted }),
      );
      void refreshWallet();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && !mayNotHaveRun(error.code)) forget();
      setRefusal(refusalText(error, t('delete.pending')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible
      title={t('batch.deleteTitle', { count: cards.length })}
      onClose={onClose}
      data-testid="batch-delete-sheet"
      footer={
        <div className="cp-cl-buttons">
          <Button block fill="outline" onClick={onClose} disabled={busy} data-testid="batch-delete-cancel">
            {t('cancel')}
          </Button>
          <Button
            block
            color="danger"
            loading={busy}
            disabled={busy || tooMany || cards.length === 0}
            onClick={() => void remove()}
            data-testid="batch-delete-confirm"
          >
            {t('batch.deleteConfirm', { count: cards.length })}
          </Button>
        </div>
      }
    >
      <p className="cp-cl-text">
        {t('batch.deleteText', { count: cards.length })}{' '}
        {oneCurrency && balance > 0 ? (
          <strong>
            {t('delete.returns')} <Money minor={balance} currency={oneCurrency} />
          </strong>
        ) : null}
      </p>
      <p className="cp-cl-text cp-cl-muted">{t('delete.final')}</p>
      {tooMany ? (
        <p className="cp-cl-notice cp-cl-notice--warn" role="alert">
          {t('cards:validation.tooManyCards')}
        </p>
      ) : null}
      {refusal ? (
        <p className="cp-cl-notice cp-cl-notice--error" role="alert" data-testid="batch-delete-refusal">
          {refusal}
        </p>
      ) : null}
    </Sheet>
  );
}
