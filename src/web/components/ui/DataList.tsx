/**
 * The data list of spec §2 ("table"): a table on a wide screen, a list of cards on a phone
 * (below 768 px) — same columns, same paging. Phones also get pull-to-refresh; every size gets a
 * Refresh button, since a gesture is not available to mouse, keyboard or switch users.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './DataList.pager';
import { PULL_THRESHOLD, usePullToRefresh } from './DataList.pull';
import { StatementView, type StatementLine } from './DataList.statement';
import { EmptyState, type EmptyAction } from './EmptyState';
import { RefreshIcon } from './icons';
import { useMediaQuery, WIDE_QUERY } from './useMediaQuery';
import { WIDGETS_NS } from './widgets-i18n';
import './data-list.css';

export interface DataColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** The card title on a phone. Default: the first column. */
  primary?: boolean;
  /** Left out of phone cards (the table still shows it). */
  hideOnPhone?: boolean;
}

export interface DataListProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Names the table / list for assistive technology. */
  caption: string;
  /** Paging: shown when `total` and `onPageChange` are given and there is more than one page. */
  total?: number;
  pageNo?: number;
  pageSize?: number;
  onPageChange?: (pageNo: number) => void;
  /** Refresh button, and pull-to-refresh on phones. May return a promise to show progress. */
  onRefresh?: () => unknown;
  loading?: boolean;
  /** What an empty list says (components/ui/EmptyState.tsx `useListEmpty` builds it). */
  empty?: string;
  /** Clear filters, or the action creating the first item. */
  emptyAction?: EmptyAction | undefined;
  /** Whether filters found nothing, rather than the list being new. */
  emptyFiltered?: boolean;
  /** Actions per row: a last column in the table, the card footer on a phone. */
  actions?: (row: T) => ReactNode;
  /** Phones: two-line statement rows instead of cards of label/value pairs (records lists). */
  statement?: (row: T) => StatementLine;
  /** Opens a record's details: a phone statement row is the button; the table gets `actions`. */
  onOpen?: (row: T) => void;
  /** The test id of a phone statement row's open button. */
  openTestId?: string;
  'data-testid'?: string;
}

const SKELETON_ROWS = 3;

export type LocalDataListProps<T> = Omit<DataListProps<T>, 'total' | 'pageNo' | 'onPageChange'>;

/** A DataList over rows already in memory (one answer held them all), paged here. */
export function LocalDataList<T>({ rows, pageSize = 10, ...rest }: LocalDataListProps<T>) {
  const [pageNo, setPageNo] = useState(1);
  return (
    <DataList
      {...rest}
      rows={rows.slice((pageNo - 1) * pageSize, pageNo * pageSize)}
      total={rows.length}
      pageNo={pageNo}
      pageSize={pageSize}
      onPageChange={setPageNo}
    />
  );
}

export function DataList<T>(props: DataListProps<T>) {
  const { rows, loading = false, onRefresh, total, pageNo = 1, pageSize = 10, onPageChange } = props;
  const { t } = useTranslation(WIDGETS_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  const pull = usePullToRefresh(wide ? undefined : onRefresh);
  const testId = props['data-testid'] ?? 'data-list';
  const initialLoad = loading && rows.length === 0;

  const body = initialLoad ? (
    <Skeleton />
  ) : rows.length === 0 ? (
    <EmptyState
      message={props.empty ?? t('list.empty')}
      action={props.emptyAction}
      filtered={props.emptyFiltered}
      data-testid={`${testId}-empty`}
    />
  ) : wide ? (
    <TableView {...props} />
  ) : props.statement ? (
    <StatementView
      rows={rows}
      rowKey={props.rowKey}
      caption={props.caption}
      line={props.statement}
      onOpen={props.onOpen}
      openTestId={props.openTestId}
    />
  ) : (
    <CardView {...props} />
  );

  return (
    <section
      className="cp-list"
      aria-busy={loading}
      data-testid={testId}
      data-layout={wide ? 'table' : 'cards'}
    >
      {total !== undefined || onRefresh ? (
        <div className="cp-list__toolbar">
          {total !== undefined ? (
            <span className="cp-list__total" data-testid={`${testId}-total`}>
              {t('list.total', { count: total })}
            </span>
          ) : null}
          {onRefresh ? (
            <button
              type="button"
              className="cp-list__refresh"
              onClick={() => void onRefresh()}
              disabled={loading}
              data-testid={`${testId}-refresh`}
            >
              <RefreshIcon />
              {t('list.refresh')}
            </button>
          ) : null}
        </div>
      ) : null}
      <div
        className="cp-list__pull-area"
        {...(wide ? {} : pull.handlers)}
        data-testid={`${testId}-pull-area`}
      >
        {pull.state !== 'idle' ? (
          <div
            className="cp-list__pull"
            style={{ height: pull.state === 'refreshing' ? PULL_THRESHOLD * 0.75 : pull.distance }}
            role="status"
            data-testid={`${testId}-pull`}
          >
            {pull.state === 'refreshing' ? (
              <span className="cp-spinner cp-list__pull-spinner" aria-hidden="true" />
            ) : null}
            {t(
              pull.state === 'refreshing'
                ? 'list.refreshing'
                : pull.state === 'armed'
                  ? 'list.release'
                  : 'list.pull',
            )}
          </div>
        ) : null}
        {body}
      </div>
      {total !== undefined && onPageChange ? (
        <Pager pageNo={pageNo} pageSize={pageSize} total={total} onChange={onPageChange} disabled={loading} />
      ) : null}
    </section>
  );
}

function TableView<T>({ columns, rows, rowKey, caption, actions }: DataListProps<T>) {
  const { t } = useTranslation(WIDGETS_NS);
  return (
    <div className="cp-list__scroll">
      <table className="cp-table">
        <caption className="cp-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.align === 'end' ? 'cp-table__end' : undefined}
              >
                {column.title}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="cp-table__end">
                {t('list.actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid="data-row">
              {columns.map((column) => (
                <td key={column.key} className={column.align === 'end' ? 'cp-table__end' : undefined}>
                  {column.render(row)}
                </td>
              ))}
              {actions ? (
                <td className="cp-table__end">
                  <div className="cp-table__actions">{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CardView<T>({ columns, rows, rowKey, caption, actions }: DataListProps<T>) {
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const details = columns.filter((column) => column !== primary && !column.hideOnPhone);
  return (
    <ul className="cp-cards" aria-label={caption}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="cp-cards__item" data-testid="data-card">
          {primary ? <div className="cp-cards__title">{primary.render(row)}</div> : null}
          <dl className="cp-cards__details">
            {details.map((column) => (
              <div key={column.key} className="cp-cards__pair">
                <dt>{column.title}</dt>
                <dd className={column.align === 'end' ? 'cp-cards__end' : undefined}>{column.render(row)}</dd>
              </div>
            ))}
          </dl>
          {actions ? <div className="cp-cards__actions">{actions(row)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

function Skeleton() {
  const { t } = useTranslation(WIDGETS_NS);
  return (
    <div className="cp-list__skeleton" role="status" data-testid="data-list-loading">
      <span className="cp-visually-hidden">{t('list.loading')}</span>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div key={i} className="cp-list__skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}
