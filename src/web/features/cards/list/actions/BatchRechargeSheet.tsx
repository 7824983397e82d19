/**
 * Batch recharge (issue 5 §3, issue 15 §2): the same amount onto each selected card, or onto each
 * card of a whole group. "Check the cost" first previews the action (cardGroup/preview: the cards
 * affected, the ones skipped and why — frozen, deleted — and the money loaded), then prices the
 * affected cards with batchRechargeCost; the confirmation charges them all or nothing with
 * batchRecharge at the quoted total, under an Idempotency-Key (LoadSheet, useQuotedCharge). The
 * cards of one batch share a currency (one amount, one price); the 1000 USD rule applies per card.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchRecharge, batchRechargeCost, type CardView } from '@contract/cards';
import { BATCH_ACTION_MAX } from '@contract/card-rules';
import { call } from '@web/lib/http';
import { toastSuccess } from '@web/lib/notify';
import { CARD_LIST_NS } from '../i18n';
import {
  affectedIds,
  BulkPreviewView,
  fetchBulkPreview,
  scopeOf,
  type BulkPreviewData,
  type CardsOrGroup,
} from './BulkPreview';
import { LoadSheet } from './LoadSheet';

export interface BatchRechargeSheetProps {
  /** The selected cards, or a whole group (`groupId`) whose cards the preview names. */
  scope: CardsOrGroup;
  onClose: () => void;
  onDone: (cards: CardView[]) => void;
}

/** Thrown by the quote when the preview leaves nothing to price; the sheet shows why. */
class NothingToCharge extends Error {}

export function BatchRechargeSheet({ scope, onClose, onDone }: BatchRechargeSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const cards = 'cards' in scope ? scope.cards : null;
  const target = scopeOf(scope);
  const [preview, setPreview] = useState<BulkPreviewData | null>(null);
  // The cards priced by the last quote are the cards charged: the preview of that quote names them.
  const priced = useRef<string>('');

  const currency = cards?.[0]?.currency ?? preview?.currency ?? 'USD';
  const mixed = cards !== null && new Set(cards.map((card) => card.currency)).size > 1;
  const count = preview?.affected.length ?? cards?.length ?? 0;
  const tooMany = count > BATCH_ACTION_MAX;
  const nothing = preview !== null && preview.affected.length === 0;

  return (
    <LoadSheet
      title={cards ? t('batch.rechargeTitle', { count: cards.length }) : t('bulk.title.rechargeGroup')}
      testId="batch-recharge"
      currency={currency}
      amountLabel={t('batch.amountEach', { currency })}
      blocked={mixed || tooMany || nothing || cards?.length === 0}
      head={
        <>
          <p className="cp-sheet-text">
            {cards ? t('batch.rechargeText', { count: cards.length }) : t('bulk.rechargeGroupText')}
          </p>
          {preview ? <BulkPreviewView data={preview} /> : null}
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
      quote={async (amount) => {
        const seen = await fetchBulkPreview('recharge', target, { amount });
        setPreview(seen);
        if (seen.affected.length === 0 || seen.affected.length > BATCH_ACTION_MAX)
          throw new NothingToCharge();
        priced.current = affectedIds(seen);
        return call(batchRechargeCost, { cardIds: priced.current, amount });
      }}
      charge={(fields, idempotencyKey) =>
        call(batchRecharge, { cardIds: priced.current, ...fields }, { idempotencyKey })
      }
      onCharged={(result) => {
        toastSuccess(t('batch.recharged', { count: result.cards.length }));
        onDone(result.cards);
      }}
      onClose={onClose}
    />
  );
}
