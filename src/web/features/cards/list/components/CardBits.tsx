/** Small pieces every card row shows: the network mark and the status badge. */
import { useTranslation } from 'react-i18next';
import type { CardView } from '../../../../../contract/cards';
import { Tag, type TagTone } from '../../../../components/ui/Tag';
import { CARDS_NS } from '../i18n';

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
