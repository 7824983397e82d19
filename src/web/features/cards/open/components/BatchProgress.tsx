/**
 * "Issued n of N" with a bar, while a batch or an import is being opened. The numbers come from
 * polling batchCard; a screen reader hears the bar's value, not every tick as an announcement.
 */
import { useTranslation } from 'react-i18next';
import type { Progress } from '../useOpening';
import { CARD_OPEN_NS } from '../i18n';

export function BatchProgress({
  progress,
  testId = 'open-progress',
}: {
  progress: Progress;
  testId?: string;
}) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const total = Math.max(progress.total, 1);
  const issued = Math.min(Math.max(progress.issued, 0), total);
  const percent = Math.round((issued / total) * 100);
  const text = t('batch.progress', { issued, total: progress.total });
  return (
    <div className="cp-open-progress" data-testid={testId}>
      <div
        className="cp-open-progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={issued}
        aria-valuetext={text}
        aria-label={t('batch.progressLabel')}
      >
        <div className="cp-open-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="cp-open-progress__text" data-testid={`${testId}-text`}>
        {text}
      </p>
    </div>
  );
}
