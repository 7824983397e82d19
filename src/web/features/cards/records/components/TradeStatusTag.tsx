/**
 * A transaction status (spec §4) as a coloured tag. The word is always there, so colour is never
 * the only cue; the colours follow what happened to the money: held (amber), taken (green),
 * refused (red), given back (blue), cancelled (grey).
 */
import { useTranslation } from 'react-i18next';
import type { TradeStatus } from '../../../../../contract/records';
import { CARDS_NS } from '../i18n';

export function TradeStatusTag({ status }: { status: TradeStatus }) {
  const { t } = useTranslation(CARDS_NS);
  return (
    <span className={`cp-rec-tag cp-rec-tag--${status}`} data-testid="trade-status" data-status={status}>
      {t(`tradeStatus.${status}`)}
    </span>
  );
}
