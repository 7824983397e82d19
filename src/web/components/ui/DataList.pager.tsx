/** Previous / "Page x of y" / next, under a DataList. Hidden when everything fits on one page. */
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';
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
        <ChevronIcon direction="left" />
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
        <ChevronIcon direction="right" />
      </button>
    </nav>
  );
}
