/**
 * Batch recharge (issue 5 §3): the same amount onto each selected card, priced by
 * batchRechargeCost, charged all or nothing by batchRecharge at the quoted total. The cards of one
 * batch share a currency (one amount, one price); the 1000 USD rule applies per card.
 */
import { useTranslation } from 'react-i18next';
import { batchRecharge, batchRechargeCost, type CardView } from '../../../../../contract/cards';
import { BATCH_ACTION_MAX } from '../../../../../contract/card-rules';
import { call } from '../../../../lib/http';
import { toastSuccess } from '../../../../lib/notify';
import { CARD_LIST_NS } from '../i18n';
import { LoadSheet } from './LoadSheet';

export interface BatchRechargeSheetProps {
  cards: readonly CardView[];
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

export function BatchRechargeSheet({ cards, onClose, onDone }: BatchRechargeSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  // Sent comma-separated: a form field given twice keeps only its last value on the server.
  const cardIds = cards.map((card) => card.id).join(',');
  const currency = cards[0]?.currency ?? 'USD';
  const mixed = new Set(cards.map((card) => card.currency)).size > 1;
  const tooMany = cards.length > BATCH_ACTION_MAX;

  return (
    <LoadSheet
      title={t('batch.rechargeTitle', { count: cards.length })}
      testId="batch-recharge"
      currency={currency}
      amountLabel={t('batch.amountEach', { currency })}
      blocked={mixed || tooMany || cards.length === 0}
      head={
        <>
          <p className="cp-sheet-text">{t('batch.rechargeText', { count: cards.length })}</p>
          {mixed ? (
            <p className="cp-notice cp-notice--warn" role="alert" data-testid="batch-mixed">
              {t('batch.mixedCurrencies')}
            </p>
          ) : null}
          {tooMany ? (
            <p className="cp-notice cp-notice--warn" role="alert">
              {t('cards:validation.tooManyCards')}
            </p>
          ) : null}
        </>
      }
      quote={(amount) => call(batchRechargeCost, { cardIds, amount })}
      charge={(fields, idempotencyKey) => call(batchRecharge, { cardIds, ...fields }, { idempotencyKey })}
      onCharged={(result) => {
        toastSuccess(t('batch.recharged', { count: result.cards.length }));
        onDone(result.cards);
      }}
      onClose={onClose}
    />
  );
}
