/**
 * The answer of the scenario query for one merchant: every segment with whether it suits the
 * merchant, its success rate there (approved share of real authorizations) or "no data", its
 * status, and — for a suited segment that is open — a button to open a card of it. Suited
 * segments come first, the best success rate leading. The advice text (the spec's demo advice
 * while no authorization data exists) is shown above the list.
 */
import Button from '@web/components/ui/Button';
import { useTranslation } from 'react-i18next';
import type { GradeAnswer, GradeSegment } from '../../open/api';
import { percentOfBp } from '@web/lib/percent';
import { CARD_OPEN_NS } from '../../open/i18n';

export interface GradeResultsProps {
  answer: GradeAnswer;
  onOpen: (segmentId: string) => void;
}

/** Suited first, then open before maintenance, then the higher success rate (no data last). */
export function rankSegments(segments: readonly GradeSegment[]): GradeSegment[] {
  const score = (s: GradeSegment) => [
    s.suited ? 0 : 1,
    s.status === 'open' ? 0 : 1,
    -(s.successRateBp ?? -1),
  ];
  return [...segments].sort((a, b) => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i += 1) {
      const d = (x[i] ?? 0) - (y[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
}

export function GradeResults({ answer, onOpen }: GradeResultsProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const ranked = rankSegments(answer.segments);
  const suited = ranked.filter((segment) => segment.suited).length;

  return (
    <section className="cp-grade-results" aria-labelledby="grade-results-title" data-testid="grade-results">
      <h2 id="grade-results-title" className="cp-grade-results__title" tabIndex={-1}>
        {t('grade.resultsTitle', { merchant: answer.merchant })}
      </h2>
      <p className="cp-open__muted" data-testid="grade-summary">
        {suited > 0 ? t('grade.suitedCount', { count: suited }) : t('grade.noneSuited')}
      </p>
      {answer.advice ? (
        <p className="cp-notice cp-grade-advice" data-testid="grade-advice">
          <strong>{t('grade.advice')}</strong> {answer.advice}
        </p>
      ) : null}
      {ranked.length === 0 ? (
        <p className="cp-open__muted">{t('grade.noSegments')}</p>
      ) : (
        <ul className="cp-grade-list">
          {ranked.map((segment) => (
            <GradeRow key={segment.segmentId} segment={segment} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}

function GradeRow({ segment, onOpen }: { segment: GradeSegment; onOpen: (segmentId: string) => void }) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const open = segment.status === 'open';
  const canOpen = segment.suited && open;
  const rate = segment.successRateBp;
  const tone = rate === null ? 'none' : rate >= 9000 ? 'good' : rate >= 7000 ? 'fair' : 'poor';

  return (
    <li
      className={`cp-panel cp-grade-row ${segment.suited ? 'cp-grade-row--suited' : ''}`}
      data-testid="grade-row"
      data-segment={segment.segmentId}
    >
      <div className="cp-grade-row__head">
        <span className={`cp-open-network cp-open-network--${segment.network}`}>
          {t(`network.${segment.network}`)}
        </span>
        <span className="cp-open-segment__name">{segment.name}</span>
        <span className="cp-open-segment__bin">{t('segment.bin', { bin: segment.bin })}</span>
      </div>
      <dl className="cp-open-facts">
        <div>
          <dt>{t('grade.suited')}</dt>
          <dd data-testid="grade-suited">
            <span className={`cp-tag ${segment.suited ? 'cp-tag--ok' : ''}`}>
              {segment.suited ? t('grade.yes') : t('grade.no')}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('grade.successRate')}</dt>
          <dd data-testid="grade-rate">
            {rate === null ? (
              <span className="cp-grade-rate cp-grade-rate--none">{t('grade.noData')}</span>
            ) : (
              <>
                <span className={`cp-grade-rate cp-grade-rate--${tone}`}>{percentOfBp(rate)}</span>{' '}
                <span className="cp-grade-row__count">
                  {t('grade.authorizations', { count: segment.authorizations })}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('grade.status')}</dt>
          <dd data-testid="grade-status">
            <span className={`cp-tag ${open ? 'cp-tag--ok' : 'cp-tag--warn'}`}>
              {open ? t('grade.statusOpen') : t('segment.maintenance')}
            </span>
          </dd>
        </div>
      </dl>
      {canOpen ? (
        <Button
          size="small"
          color="primary"
          className="cp-grade-row__open"
          onClick={() => onOpen(segment.segmentId)}
          data-testid="grade-open"
        >
          {t('grade.open')}
        </Button>
      ) : null}
    </li>
  );
}
