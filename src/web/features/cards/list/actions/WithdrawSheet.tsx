/**
 * Withdraw from a card back to the wallet of its currency (spec §1 "withdraw (reduce)"). The sheet
 * first asks reduceAmount what can be taken out (pending authorizations are held back) and the
 * fee; the first tap shows the figures (amount, fee, what the wallet receives) for review and only
 * the second sends `reduce` (issue 18 §4), with an Idempotency-Key kept for retries of the same amount.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardReduce, reduceAmount, type CardView } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { FigureLine } from '@web/components/ui/FigureLine';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { SheetButton } from '@web/components/ui/SheetButtons';
import { amountErrorKey, plainAmount, parseAmount } from '@web/lib/amount-input';
import { call } from '@web/lib/http';
import { formatMoney } from '@web/lib/money';
import { toastSuccess } from '@web/lib/notify';
import { useBusy } from '@web/lib/useBusy';
import { useSubmissionKey } from '@web/lib/useSubmissionKey';
import { refreshWallet } from '@web/lib/wallet';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
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
  // The amount the customer is reviewing; any edit goes back to the form.
  const [reviewed, setReviewed] = useState<number | null>(null);
  const { busy, run } = useBusy();
  const { send } = useSubmissionKey();

  useEffect(() => {
    const controller = new AbortController();
    call(reduceAmount, { cardId: card.id }, { signal: controller.signal })
      .then(setAvailable)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [card.id]);

  const amount = parseAmount(text);

  const withdraw = async () => {
    if (!available) return;
    if (amount === null || amount <= 0) return setError(t(amountErrorKey(text)));
    if (amount > available.available) return setError(t('withdraw.tooMuch'));
    if (reviewed !== amount) return setReviewed(amount);
    const fields = { cardId: card.id, amount };
    await run(async () => {
      const result = await send(fields, (idempotencyKey) => call(cardReduce, fields, { idempotencyKey }));
      toastSuccess(t('withdraw.done', { amount: formatMoney(amount, available.currency) }));
      void refreshWallet();
      onDone([result.card]);
    });
  };

  return (
    <Sheet
      visible
      title={t('withdraw.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="withdraw-sheet"
      footer={
        <SheetButton
          busy={busy}
          disabled={!available || available.available <= 0}
          onClick={() => void withdraw()}
          data-testid="withdraw-confirm"
        >
          {t(reviewed === null ? 'withdraw.confirm' : 'withdraw.confirmReviewed')}
        </SheetButton>
      }
    >
      <CardSummary card={card} />
      {failed ? <p className="cp-notice">{t('loadFailed')}</p> : null}
      {available ? (
        <>
          <p className="cp-sheet-text" data-testid="withdraw-available">
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
              setReviewed(null);
            }}
            error={error}
            hint={t('withdraw.toWallet', { currency: available.currency })}
            data-testid="withdraw-amount"
          />
          <button
            type="button"
            className="cp-text-link"
            onClick={() => {
              setText(plainAmount(available.available));
              setReviewed(null);
            }}
            disabled={available.available <= 0}
            data-testid="withdraw-all"
          >
            {t('withdraw.all')}
          </button>
          {reviewed !== null ? (
            <section
              className="cp-sheet-review"
              aria-label={t('withdraw.review')}
              data-testid="withdraw-review"
            >
              <dl className="cp-figures">
                <FigureLine label={t('withdraw.reviewAmount')} data-testid="withdraw-review-amount">
                  <Money minor={reviewed} currency={available.currency} />
                </FigureLine>
                <FigureLine label={t('withdraw.reviewFee')} data-testid="withdraw-review-fee">
                  <Money minor={available.fee} currency={available.currency} />
                </FigureLine>
                <FigureLine label={t('withdraw.reviewReceive')} total data-testid="withdraw-review-receive">
                  <Money minor={Math.max(reviewed - available.fee, 0)} currency={available.currency} />
                </FigureLine>
              </dl>
            </section>
          ) : null}
        </>
      ) : failed ? null : (
        <p className="cp-sheet-text">{t('loading')}</p>
      )}
    </Sheet>
  );
}
