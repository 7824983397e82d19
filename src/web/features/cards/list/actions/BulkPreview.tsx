/**
 * The preview of a bulk card action on a selection or a whole card group (cardGroup/preview):
 * how many cards the action changes, each card it skips and why (the same state rules the action
 * obeys, pending authorizations for a delete), and the money it moves. Shared by the freeze and
 * activate sheet, the recharge sheet and the delete sheet, which then act on the affected cards
 * only.
 */
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '@contract/card-groups';
import { cardGroupPreview } from '@contract/card-groups';
import type { CardView } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { Money } from '@web/components/ui/Money';
import { call } from '@web/lib/http';
import { CARD_LIST_NS } from '../i18n';

/** The cards an action is about: a selection, or every card of one group. */
export interface BulkScope {
  cardIds?: readonly string[];
  groupId?: string;
}

/** What a bulk sheet is opened on: the selected cards, or every card of one group. */
export type CardsOrGroup = { cards: readonly CardView[] } | { groupId: string };

export function scopeOf(on: CardsOrGroup): BulkScope {
  return 'cards' in on ? { cardIds: on.cards.map((card) => card.id) } : { groupId: on.groupId };
}

/** A bulk action and the cards it is about. */
export interface BulkTarget extends BulkScope {
  action: BulkAction;
}

export type BulkPreviewData = ResponseOf<typeof cardGroupPreview>;

/** Asks the server what `action` would do on `scope` (recharge: `amount` minor units per card). */
export function fetchBulkPreview(
  action: BulkAction,
  scope: BulkScope,
  options: { amount?: number; signal?: AbortSignal } = {},
): Promise<BulkPreviewData> {
  return call(
    cardGroupPreview,
    {
      action,
      // Comma-separated: a repeated form field keeps only its last value on the server.
      cardIds: scope.cardIds?.join(','),
      groupId: scope.groupId,
      amount: options.amount,
    },
    { signal: options.signal },
  );
}

/** The ids of the cards the action will change, as the batch calls take them. */
export function affectedIds(preview: BulkPreviewData): string {
  return preview.affected.map((card) => card.id).join(',');
}

/** Skipped cards listed one by one, up to this many (the count says how many in all). */
const SKIPPED_SHOWN = 20;

export function BulkPreviewView({ data }: { data: BulkPreviewData }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const count = data.affected.length;
  return (
    <div className="cp-cl-bulk" data-testid="bulk-preview">
      <p data-testid="bulk-affected">{count ? t('bulk.affected', { count }) : t('bulk.nothing')}</p>
      {data.skipped.length ? (
        <>
          <p data-testid="bulk-skipped">{t('bulk.skipped', { count: data.skipped.length })}</p>
          <ul className="cp-cl-bulk__skipped">
            {data.skipped.slice(0, SKIPPED_SHOWN).map((card) => (
              <li key={card.id} data-testid="bulk-skipped-card" data-reason={card.reason}>
                ···· {card.last4} · {card.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p data-testid="bulk-money">
        {data.money > 0 && (data.action === 'delete' || data.action === 'recharge') ? (
          <>
            {t(`bulk.moneyOf.${data.action}`)} <Money minor={data.money} currency={data.currency} />
          </>
        ) : (
          t('bulk.money')
        )}
      </p>
    </div>
  );
}
