/**
 * A card as a picture, the way it looks in a wallet app: network, the last four digits, the
 * holder, the balance and the status. Never more of the number (the full number and CVV are only
 * in the details sheet, after a step-up).
 */
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { Money } from '@web/components/ui/Money';
import { maskedLast4 } from '../card-format';
import { CARD_LIST_NS } from '../i18n';
import { NetworkMark, StatusBadge } from './CardBits';

export function CardPicture({ card }: { card: CardView }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <div
      className={`cp-cs-picture cp-cs-picture--${card.network} cp-cs-picture--${card.status}`}
      data-testid="card-picture"
      data-card-id={card.id}
    >
      <div className="cp-cs-picture__top">
        <NetworkMark network={card.network} />
        <StatusBadge card={card} />
      </div>
      <div className="cp-cs-picture__number cp-mono" data-testid="card-picture-last4">
        {maskedLast4(card.last4)}
      </div>
      <div className="cp-cs-picture__bottom">
        <span className="cp-cs-picture__holder">
          <span className="cp-cs-picture__caption">{card.label ?? card.segmentName}</span>
          <span>{card.holderName}</span>
        </span>
        <span className="cp-cs-picture__balance">
          <span className="cp-cs-picture__caption">{t('row.balance')}</span>
          <Money minor={card.balance} currency={card.currency} data-testid="card-picture-balance" />
        </span>
      </div>
    </div>
  );
}
