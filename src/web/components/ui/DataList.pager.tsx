/** Previous / "Page x of y" / next, under a DataList. Hidden when everything fits on one page. */
import { useTranslation } from 'react-i18next';
import { WIDGETS_NS } from './widgets-i18n';

export interface PagerProps {
  pageNo: number;
  pageSize: number;
  total: number;
  onChange: (pageNo: number) => void;
  disabled?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

function Chevron({ left }: { left?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d={left ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Pager({ pageNo, pageSize, total, onChange, disabled = false }: PagerProps) {
  const { t } = useTranslation(WIDGETS_NS);
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="cp-pager" aria-label={t('list.pagination')}>
      <button
        type="button"
        className="cp-pager__button"
        onClick={() => onChange(pageNo - 1)}
        disabled={disabled || pageNo <= 1}
        aria-label={t('list.previous')}
        data-testid="pager-previous"
      >
        <Chevron left />
      </button>
      <span className="cp-pager__status" aria-live="polite" data-testid="pager-status">
        {t('list.page', { page: pageNo, pages })}
      </span>
      <button
        type="button"
        className="cp-pager__button"
        onClick={() => onChange(pageNo + 1)}
        disabled={disabled || pageNo >= pages}
        aria-label={t('list.next')}
        data-testid="pager-next"
      >
        <Chevron />
      </button>
    </nav>
  );
}
