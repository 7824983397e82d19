/**
 * A transaction status (spec §4) as a coloured tag; the colours follow what happened to the
 * money: held (amber), taken (green), refused (red), given back (blue), cancelled (grey).
 */
import { useTranslation } from 'react-i18next';
import type { TradeStatus } from '@contract/records';
import { Tag, type TagTone } from '@web/components/ui/Tag';
import { CARDS_NS } from '../i18n';

const TONE: Record<TradeStatus, TagTone> = {
  pending: 'warn',
  completed: 'ok',
  declined: 'bad',
  refunded: 'info',
  reversed: 'muted',
};

export function TradeStatusTag({ status }: { status: TradeStatus }) {
  const { t } = useTranslation(CARDS_NS);
  return (
    // cp-rec-tag--<status> has no rule of its own: it names the status for tests.
    <Tag
      tone={TONE[status]}
      className={`cp-rec-tag--${status}`}
      data-testid="trade-status"
      data-status={status}
    >
      {t(`tradeStatus.${status}`)}
    </Tag>
  );
}
