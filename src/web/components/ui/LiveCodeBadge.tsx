/**
 * The count of 3-D Secure codes usable right now (issue 32 §1), on home's codes tile, the card
 * list's codes button and a card's codes action; nothing while there is none. The number is for
 * the eye, the label says what it counts.
 */
import { useTranslation } from 'react-i18next';
import { useLiveCodeCount } from '../../lib/live-codes';
import { LIVE_ALERTS_NS } from './live-alerts-i18n';
import './live-alerts.css';

export interface LiveCodeBadgeProps {
  /** That card's codes; every card's when absent. */
  cardId?: string;
  /** On an icon's corner (the icon carries `cp-badge-host`) rather than inline after a label. */
  corner?: boolean;
  testId?: string;
}

export function LiveCodeBadge({ cardId, corner = false, testId = 'live-code-badge' }: LiveCodeBadgeProps) {
  const { t } = useTranslation(LIVE_ALERTS_NS);
  const count = useLiveCodeCount(cardId);
  if (count === 0) return null;
  return (
    <span
      className={`cp-code-badge ${corner ? 'cp-code-badge--corner' : ''}`}
      data-testid={testId}
      data-count={count}
    >
      <span aria-hidden="true">{count}</span>
      <span className="cp-visually-hidden">{t('badge', { count })}</span>
    </span>
  );
}
