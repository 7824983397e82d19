/**
 * Small pieces every card row shows: the network mark, the status badge, the card cell, and a phone
 * tile's top line, middle and balance.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { Money } from '@web/components/ui/Money';
import { Tag, type TagTone } from '@web/components/ui/Tag';
import { maskedLast4 } from '../card-format';
import { CARD_LIST_NS, CARDS_NS } from '../i18n';

/** "VISA" / "Mastercard" as a compact mark (text, so it needs no image and reads aloud). */
export function NetworkMark({ network }: { network: CardView['network'] }) {
  return (
    <span className={`cp-cl-network cp-cl-network--${network}`} data-testid="card-network">
      {network === 'visa' ? 'VISA' : 'Mastercard'}
    </span>
  );
}

/** Usable (green), frozen (blue), deleted (grey). */
const TONE: Record<CardView['status'], TagTone> = {
  active: 'ok',
  frozen: 'info',
  deleted: 'muted',
};

export function StatusBadge({ card }: { card: Pick<CardView, 'status' | 'frozenBy'> }) {
  const { t } = useTranslation(CARDS_NS);
  return (
    <Tag tone={TONE[card.status]} data-status={card.status} data-testid="card-status">
      {t(`status.${card.status}`)}
      {card.status === 'frozen' && card.frozenBy === 'risk' ? (
        <span className="cp-cl-status__risk"> · {t('cardList:risk.badge')}</span>
      ) : null}
    </Tag>
  );
}

type CardFace = Pick<CardView, 'network' | 'last4' | 'serial' | 'status' | 'frozenBy'>;

/** A table's card cell: network and masked last four, the serial under them. */
export function CardNumberCell({ card }: { card: Pick<CardFace, 'network' | 'last4' | 'serial'> }) {
  return (
    <span className="cp-cl-table__two">
      <span className="cp-cl-table__card">
        <NetworkMark network={card.network} />
        <span className="cp-mono" data-testid="card-last4">
          {maskedLast4(card.last4)}
        </span>
      </span>
      <span className="cp-cl-table__sub cp-mono">{card.serial}</span>
    </span>
  );
}

/** A phone tile's top line: network, serial and status. */
export function TileTop({ card }: { card: CardFace }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <span className="cp-cl-tile__top">
      <NetworkMark network={card.network} />
      <span className="cp-cl-tile__serial">{t('row.serial', { serial: card.serial })}</span>
      <StatusBadge card={card} />
    </span>
  );
}

/** A phone tile's middle: the masked last four, and under them what the list shows there. */
export function TileMiddle({ last4, children }: { last4: CardView['last4']; children: ReactNode }) {
  return (
    <span className="cp-cl-tile__middle">
      <span className="cp-cl-tile__number" data-testid="card-last4">
        {maskedLast4(last4)}
      </span>
      <span className="cp-cl-tile__holder">{children}</span>
    </span>
  );
}

/** A phone tile's balance, captioned. */
export function TileBalance({ card }: { card: Pick<CardView, 'balance' | 'currency'> }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <span className="cp-cl-tile__balance">
      <span className="cp-cl-tile__caption">{t('row.balance')}</span>
      <Money minor={card.balance} currency={card.currency} data-testid="card-balance" />
    </span>
  );
}
