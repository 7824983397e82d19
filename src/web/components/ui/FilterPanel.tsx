/**
 * The filter panel of spec §2: the page's filter fields with Clear, Search and, when the page can
 * export, Export. On a phone the fields fold away behind a "Filters" toggle (with the number of
 * active filters) so the list stays in view; on a wide screen they are always open. Enter in any
 * field searches (it is a real form). Search and Export carry the click guard of spec §5.
 */
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Button from './Button';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClickGuard, useGuardedSubmit } from './useClickGuard';
import { useMediaQuery, WIDE_QUERY } from './useMediaQuery';
import { WIDGETS_NS } from './widgets-i18n';
import './filter-panel.css';

export interface FilterPanelProps {
  /** The filter fields. */
  children: ReactNode;
  onSearch: () => void;
  onClear: () => void;
  /** Shows the Export button. */
  onExport?: () => void;
  /** How many filters are set, shown on the phone's toggle. */
  activeCount?: number;
  /** The list is loading: Search shows it and stays pressable (a search then asks anew). */
  searching?: boolean;
  exporting?: boolean;
  /** Accessible name of the search form; defaults to "Filters". */
  label?: string;
  'data-testid'?: string;
}

export function FilterPanel({
  children,
  onSearch,
  onClear,
  onExport,
  activeCount = 0,
  searching = false,
  exporting = false,
  label,
  ...rest
}: FilterPanelProps) {
  const { t } = useTranslation(WIDGETS_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const search = useGuardedSubmit(onSearch);
  const exportGuard = useClickGuard();
  const testId = rest['data-testid'] ?? 'filter-panel';
  const expanded = wide || open;

  return (
    <form
      role="search"
      aria-label={label ?? t('filter.title')}
      className={`cp-filter ${expanded ? 'cp-filter--open' : ''}`}
      onSubmit={search.onSubmit}
      data-testid={testId}
    >
      {wide ? null : (
        <button
          type="button"
          className="cp-filter__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          data-testid={`${testId}-toggle`}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{t(open ? 'filter.hide' : 'filter.show')}</span>
          {activeCount > 0 ? <span className="cp-filter__count">{activeCount}</span> : null}
        </button>
      )}
      <div id={bodyId} className="cp-filter__body" hidden={!expanded}>
        <div className="cp-filter__fields">{children}</div>
        <div className="cp-filter__actions">
          <Button
            type="button"
            fill="outline"
            onClick={onClear}
            className="cp-filter__button"
            data-testid={`${testId}-clear`}
          >
            {t('filter.clear')}
          </Button>
          {onExport ? (
            <Button
              type="button"
              fill="outline"
              color="primary"
              loading={exporting}
              disabled={exportGuard.guarded}
              onClick={exportGuard.guard(onExport)}
              className="cp-filter__button"
              data-testid={`${testId}-export`}
            >
              {t('filter.export')}
            </Button>
          ) : null}
          {/* Busy, never disabled by the list's loading: a background refetch (the live stream's
              refresh, a reload after an action) disabled it at the moment of a click, the click
              was dropped and the list kept showing the previous filter's cards. A search during a
              load simply asks for the new filter; the list shows the newest question's answer. */}
          <Button
            type="submit"
            color="primary"
            disabled={search.guarded}
            aria-busy={searching}
            className="cp-filter__button cp-filter__button--search"
            data-testid={`${testId}-search`}
          >
            {searching ? (
              <span className="cp-filter__busy" aria-hidden="true">
                <DotLoading color="currentColor" />
              </span>
            ) : null}
            {t('filter.search')}
          </Button>
        </div>
      </div>
    </form>
  );
}
