/**
 * The actions of one card: a bottom sheet on a phone (where the tile opens it), a dialog on a wide
 * screen ("More" on a table row). It shows the card it acts on, and only the actions that apply
 * to the card's status and that the user holds the permission for.
 */
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { ChevronIcon } from '@web/components/ui/icons';
import { Money } from '@web/components/ui/Money';
import { Sheet } from '@web/components/ui/Sheet';
import { maskedLast4 } from '../card-format';
import { CARD_LIST_NS } from '../i18n';
import { NetworkMark, StatusBadge } from './CardBits';
import { actionsFor, type CardAction } from './card-rows';

export interface CardActionsSheetProps {
  card: CardView | null;
  onClose: () => void;
  onAction: (card: CardView, action: CardAction) => void;
}

export function CardActionsSheet({ card, onClose, onAction }: CardActionsSheetProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <Sheet
      visible={card !== null}
      title={card ? t('actions.title', { last4: card.last4 }) : ''}
      onClose={onClose}
      data-testid="card-actions"
    >
      {card ? (
        <>
          <CardSummary card={card} />
          {card.status === 'frozen' && card.frozenBy === 'risk' ? (
            <p className="cp-notice cp-notice--warn" data-testid="card-risk-note">
              {t('risk.short')}
            </p>
          ) : null}
          <ul className="cp-cl-actions">
            {actionsFor(card).map((rule) => (
              <li key={rule.action}>
                <button
                  type="button"
                  className={`cp-cl-actions__item ${rule.danger ? 'cp-cl-actions__item--danger' : ''}`}
                  onClick={() => onAction(card, rule.action)}
                  data-testid={`action-${rule.action}`}
                >
                  <span>{t(`action.${rule.action}`)}</span>
                  <ChevronIcon direction="right" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Sheet>
  );
}

/** The card an action sheet is about: network, last four, serial, holder, balance, status. */
export function CardSummary({ card }: { card: CardView }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <div className="cp-cl-summary" data-testid="card-summary">
      <div className="cp-cl-summary__line">
        <NetworkMark network={card.network} />
        <span className="cp-mono cp-cl-summary__number">{maskedLast4(card.last4)}</span>
        <StatusBadge card={card} />
      </div>
      <div className="cp-cl-summary__line cp-cl-summary__muted">
        <span>{t('row.serial', { serial: card.serial })}</span>
        <span>{card.holderName}</span>
      </div>
      <div className="cp-cl-summary__line">
        <span className="cp-cl-summary__muted">{t('row.balance')}</span>
        <Money minor={card.balance} currency={card.currency} className="cp-cl-summary__balance" />
      </div>
    </div>
  );
}
