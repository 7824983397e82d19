/**
 * Withdraw from a card back to the wallet of its currency (spec §1 "withdraw (reduce)"). The sheet
 * first asks reduceAmount what can be taken out (pending authorizations are held back) and the
 * fee, then sends `reduce` with an Idempotency-Key kept for retries of the same amount.
 */
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardReduce, reduceAmount, type CardView } from '../../../../../contract/cards';
import type { ResponseOf } from '../../../../../contract/core';
import { Money } from '../../../../components/ui/Money';
import { Sheet } from '../../../../components/ui/Sheet';
import { ApiError, call } from '../../../../lib/http';
import { formatMoney } from '../../../../lib/money';
import { toastSuccess } from '../../../../lib/notify';
import { refreshWallet } from '../../../../lib/wallet';
import { fieldAmount, toMinor } from '../amount';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
import { mayNotHaveRun, useSubmissionKey } from '../useSubmissionKey';
import { AmountField } from './AmountField';

export interface WithdrawSheetProps {
  card: CardView;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

type Available = ResponseOf<typeof reduceAmount>;

export function WithdrawSheet({ card, onClose, onDone }: WithdrawSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [available, setAvailable] = useState<Available | null>(null);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { keyFor, forget } = useSubmissionKey();

  useEffect(() => {
    const controller = new AbortController();
    call(reduceAmount, { cardId: card.id }, { signal: controller.signal })
      .then(setAvailable)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [card.id]);

  const amount = toMinor(text);

  const withdraw = async () => {
    if (!available) return;
    if (amount === null || amount <= 0) return setError(t('common:validation.amount'));
    if (amount > available.available) return setError(t('withdraw.tooMuch'));
    const fields = { cardId: card.id, amount };
    setBusy(true);
    try {
      const result = await call(cardReduce, fields, { idempotencyKey: keyFor(fields) });
      forget();
      toastSuccess(t('withdraw.done', { amount: formatMoney(amount, available.currency) }));
      void refreshWallet();
      onDone([result.card]);
    } catch (failure) {
      if (failure instanceof ApiError && !mayNotHaveRun(failure.code)) forget();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible
      title={t('withdraw.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="withdraw-sheet"
      footer={
        <Button
          block
          color="primary"
          loading={busy}
          disabled={busy || !available || available.available <= 0}
          onClick={() => void withdraw()}
          data-testid="withdraw-confirm"
        >
          {t('withdraw.confirm')}
        </Button>
      }
    >
      <CardSummary card={card} />
      {failed ? <p className="cp-cl-notice">{t('loadFailed')}</p> : null}
      {available ? (
        <>
          <p className="cp-cl-text" data-testid="withdraw-available">
            {t('withdraw.available')}{' '}
            <strong>
              <Money minor={available.available} currency={available.currency} />
            </strong>
            {available.fee > 0 ? (
              <>
                {' · '}
                {t('withdraw.fee')} <Money minor={available.fee} currency={available.currency} />
              </>
            ) : null}
          </p>
          <AmountField
            label={t('withdraw.amount', { currency: available.currency })}
            currency={available.currency}
            value={text}
            onChange={(value) => {
              setText(value);
              setError(undefined);
            }}
            error={error}
            hint={t('withdraw.toWallet', { currency: available.currency })}
            data-testid="withdraw-amount"
          />
          <button
            type="button"
            className="cp-cl-link"
            onClick={() => setText(fieldAmount(available.available))}
            disabled={available.available <= 0}
            data-testid="withdraw-all"
          >
            {t('withdraw.all')}
          </button>
        </>
      ) : failed ? null : (
        <p className="cp-cl-text">{t('loading')}</p>
      )}
    </Sheet>
  );
}
