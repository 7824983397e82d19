/** A forecast's state as a coloured tag: waiting on review, credited, refused, withdrawn. */
import { useTranslation } from 'react-i18next';
import type { ForecastStatus } from '@contract/finance';
import { Tag, type TagTone } from '@web/components/ui/Tag';
import { FINANCE_NS } from '../i18n';

const TONE: Record<ForecastStatus, TagTone> = {
  submitted: 'warn',
  resubmitted: 'warn',
  approved: 'ok',
  rejected: 'bad',
  revoked: 'muted',
};

export function StatusBadge({ status }: { status: ForecastStatus }) {
  const { t } = useTranslation(FINANCE_NS);
  return (
    <Tag tone={TONE[status]} data-testid="forecast-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
