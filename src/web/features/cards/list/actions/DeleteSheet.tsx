/**
 * Delete a card, after a confirmation that says what happens to its money: the remaining balance
 * returns to the wallet. A card with pending authorizations cannot be deleted until they settle
 * (409); that reason is shown in the sheet, next to the button, rather than in a passing toast.
 */
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardDelete, type CardView } from '../../../../../contract/cards';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { ApiError, call, catalogueMessage } from '../../../../lib/http';
import { translate } from '../../../../lib/i18n';
import { formatMoney } from '../../../../lib/money';
import { toastSuccess } from '../../../../lib/notify';
import { refreshWallet } from '../../../../lib/wallet';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
import { mayNotHaveRun, useSubmissionKey } from '../useSubmissionKey';

export interface DeleteSheetProps {
  card: CardView;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

/** The text of a refused card action, shown in its sheet (the toast is silenced for it). */
export function refusalText(error: unknown, fallback409: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 409 && !error.msg.trim()) return fallback409;
  return catalogueMessage(error.code, error.msg, error.path, translate);
}

export function DeleteSheet({ card, onClose, onDone }: DeleteSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { keyFor, forget } = useSubmissionKey();

  const remove = async () => {
    const fields = { cardId: card.id };
    setBusy(true);
    setRefusal(null);
    try {
      const result = await call(cardDelete, fields, { idempotencyKey: keyFor(fields), silent: true });
      forget();
      toastSuccess(
        result.refunded > 0
          ? t('delete.doneRefunded', { amount: formatMoney(result.refunded, card.currency) })
          : t('delete.done'),
      );
      void refreshWallet();
      onDone([result.card]);
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
      title={t('delete.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="delete-sheet"
      footer={
        <div className="cp-cl-buttons">
          <Button block fill="outline" onClick={onClose} disabled={busy} data-testid="delete-cancel">
            {t('cancel')}
          </Button>
          <Button
            block
            color="danger"
            loading={busy}
            disabled={busy}
            onClick={() => void remove()}
            data-testid="delete-confirm"
          >
            {t('delete.confirm')}
          </Button>
        </div>
      }
    >
      <CardSummary card={card} />
      <p className="cp-cl-text" data-testid="delete-text">
        {t('delete.text', { currency: card.currency })}{' '}
        {card.balance > 0 ? (
          <strong>
            {t('delete.returns')} <Money minor={card.balance} currency={card.currency} />
          </strong>
        ) : null}
      </p>
      <p className="cp-cl-text cp-cl-muted">{t('delete.final')}</p>
      {refusal ? (
        <p className="cp-cl-notice cp-cl-notice--error" role="alert" data-testid="delete-refusal">
          {refusal}
        </p>
      ) : null}
    </Sheet>
  );
}
