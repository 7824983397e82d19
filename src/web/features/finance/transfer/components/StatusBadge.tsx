/** A forecast's state as a coloured badge (colour is never the only cue: the word is there too). */
import { useTranslation } from 'react-i18next';
import type { ForecastStatus } from '../../../../../contract/finance';
import { FINANCE_NS } from '../i18n';

export function StatusBadge({ status }: { status: ForecastStatus }) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <span className={`cp-badge cp-badge--${status}`} data-testid="forecast-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
