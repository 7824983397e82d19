/**
 * cardRecord (spec §2 /card, §4 transaction statuses; contract records.ts): what became of every
 * payment the customer's cards were asked to make, in three tabs — authorizations, transactions
 * (the approved ones) and declines with the reason. Filters by card (last four digits), status,
 * merchant and dates apply when the customer searches; the list and the export then use the same
 * applied filters. Main and sub-account users both see it (permission 2005004).
 *
 * The tab is in the address (`?tab=refuse`), so the home page's risk notice can link to the
 * declines and the back button returns to the tab the customer was on; `?last4=` prefills the card
 * filter for links from a card.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeRow, TradeStatus } from '../../../../contract/records';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { FilterPanel } from '../../../components/ui/FilterPanel';
import { Tabs } from '../../../components/ui/Tabs';
import { TextField } from '../../../components/ui/TextField';
import { useMediaQuery, WIDE_QUERY } from '../../../components/ui/useMediaQuery';
import { call } from '../../../lib/http';
import { FilterSelect } from './components/FilterSelect';
import { CardCell, DeclineReason, MerchantCell } from './components/RecordCells';
import { RecordsExportSheet } from './components/RecordsExportSheet';
import { TradeAmount } from './components/TradeAmount';
import { TradeStatusTag } from './components/TradeStatusTag';
import { formatRecordTime, todayUtc8 } from './dates';
import { CARD_RECORDS_NS, CARDS_NS } from './i18n';
import { isRecordTab, RECORD_TABS, TAB_DEFS, type RecordTab } from './record-tabs';
import {
  activeFilterCount,
  draftForTab,
  EMPTY_TRADE_FILTER,
  filterProblem,
  requestOf,
  type TradeFilterDraft,
  type TradeFilterProblem,
} from './trade-filter';
import './records.css';

const PAGE_SIZE = 10;

const RECORDS_KEY = ['cards', 'records'] as const;

/** The tab and the card filter a link may carry. */
function linkedState(searchStr: string): { tab: RecordTab; last4: string } {
  const search = new URLSearchParams(searchStr);
  const tab = search.get('tab');
  const last4 = search.get('last4') ?? '';
  return { tab: isRecordTab(tab) ? tab : 'auth', last4: /^\d{1,4}$/.test(last4) ? last4 : '' };
}

export function CardRecordPage() {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const navigate = useNavigate();
  const linked = linkedState(useRouterState({ select: (state) => state.location.searchStr }));
  const tab = linked.tab;
  const [initial] = useState<TradeFilterDraft>(() => ({ ...EMPTY_TRADE_FILTER, last4: linked.last4 }));
  const [draft, setDraft] = useState<TradeFilterDraft>(initial);
  const [applied, setApplied] = useState<TradeFilterDraft>(initial);
  const [problem, setProblem] = useState<TradeFilterProblem | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter = requestOf(applied, tab);

  const page = useQuery({
    queryKey: [...RECORDS_KEY, tab, filter, pageNo],
    queryFn: ({ signal }) => call(TAB_DEFS[tab].page, { ...filter, pageNo, pageSize: PAGE_SIZE }, { signal }),
    // The previous rows stay while the next page or filter loads, but never another tab's: they
    // would stand under this tab's columns and total.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[RECORDS_KEY.length] === tab ? previous : undefined,
  });

  const changeTab = (next: RecordTab) => {
    setDraft((d) => draftForTab(d, next));
    setApplied((a) => draftForTab(a, next));
    setProblem(null);
    setPageNo(1);
    void navigate({ to: '/cardRecord', search: { tab: next }, replace: true });
  };

  const set =
    <K extends keyof TradeFilterDraft>(field: K) =>
    (value: TradeFilterDraft[K]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      if (problem?.field === field) setProblem(null);
    };

  const search = () => {
    const found = filterProblem(draft, tab);
    setProblem(found);
    if (found) return;
    setApplied(draft);
    setPageNo(1);
    // The same filters again: the customer wants the newest rows.
    if (JSON.stringify(requestOf(draft, tab)) === JSON.stringify(filter) && pageNo === 1) {
      void page.refetch();
    }
  };

  const clear = () => {
    setDraft(EMPTY_TRADE_FILTER);
    setApplied(EMPTY_TRADE_FILTER);
    setProblem(null);
    setPageNo(1);
  };

  const statuses = TAB_DEFS[tab].statuses;
  const body = (
    <div className="cp-rec__body">
      <FilterPanel
        onSearch={search}
        onClear={clear}
        onExport={() => setExporting(true)}
        activeCount={activeFilterCount(applied, tab)}
        searching={page.isFetching}
        data-testid="records-filter"
      >
        <TextField
          name="last4"
          label={t('filter.last4')}
          placeholder={t('filter.last4Placeholder')}
          value={draft.last4}
          onChange={set('last4')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          error={problem?.field === 'last4' ? t(problem.key) : undefined}
          data-testid="records-filter-last4"
        />
        {statuses.length > 0 ? (
          <FilterSelect<TradeStatus | ''>
            label={t('filter.status')}
            name="status"
            value={draft.status}
            onChange={set('status')}
            options={[
              { value: '', label: t('filter.allStatuses') },
              ...statuses.map((value) => ({ value, label: t(`${CARDS_NS}:tradeStatus.${value}`) })),
            ]}
            data-testid="records-filter-status"
          />
        ) : null}
        <TextField
          name="merchant"
          label={t('filter.merchant')}
          placeholder={t('filter.merchantPlaceholder')}
          value={draft.merchant}
          onChange={set('merchant')}
          autoComplete="off"
          maxLength={64}
          data-testid="records-filter-merchant"
        />
        <TextField
          type="date"
          name="startDate"
          label={t('filter.startDate')}
          value={draft.startDate}
          onChange={set('startDate')}
          max={draft.endDate || todayUtc8()}
          error={problem?.field === 'startDate' ? t(problem.key) : undefined}
          data-testid="records-filter-start"
        />
        <TextField
          type="date"
          name="endDate"
          label={t('filter.endDate')}
          value={draft.endDate}
          onChange={set('endDate')}
          min={draft.startDate || undefined}
          error={problem?.field === 'endDate' ? t(problem.key) : undefined}
          data-testid="records-filter-end"
        />
      </FilterPanel>

      <RecordList
        tab={tab}
        rows={page.data?.data ?? []}
        total={page.data?.total}
        pageNo={pageNo}
        onPageChange={setPageNo}
        onRefresh={() => page.refetch()}
        loading={page.isFetching}
      />
    </div>
  );

  return (
    <div className="cp-rec" data-testid="card-record-page" data-tab={tab}>
      <div className="cp-rec__intro">
        <h1 className="cp-rec__title">{t('title')}</h1>
        <p className="cp-rec__lead">{t('intro')}</p>
      </div>

      <Tabs
        items={RECORD_TABS.map((key) => ({ key, title: t(`tab.${key}`), content: body }))}
        activeKey={tab}
        onChange={changeTab}
        label={t('tabsLabel')}
        data-testid="records-tabs"
      />

      <RecordsExportSheet
        visible={exporting}
        tab={tab}
        filter={filter}
        total={page.data?.total}
        onClose={() => setExporting(false)}
      />
    </div>
  );
}

interface RecordListProps {
  tab: RecordTab;
  rows: readonly TradeRow[];
  total: number | undefined;
  pageNo: number;
  onPageChange: (pageNo: number) => void;
  onRefresh: () => unknown;
  loading: boolean;
}

function RecordList({ tab, rows, total, pageNo, onPageChange, onRefresh, loading }: RecordListProps) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  const columns = wide ? tableColumns(tab, t) : phoneColumns(tab, t);
  return (
    <DataList
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      caption={t(`caption.${tab}`)}
      total={total}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={onPageChange}
      onRefresh={onRefresh}
      loading={loading}
      empty={t(`empty.${tab}`)}
      data-testid="records-list"
    />
  );
}

type Translate = (key: string) => string;

/** Desktop: one column per fact; declines swap the status for the reason. */
function tableColumns(tab: RecordTab, t: Translate): DataColumn<TradeRow>[] {
  const columns: DataColumn<TradeRow>[] = [
    {
      key: 'merchant',
      title: t('column.merchant'),
      primary: true,
      render: (row) => <MerchantCell row={row} />,
    },
    { key: 'amount', title: t('column.amount'), align: 'end', render: (row) => <TradeAmount row={row} /> },
  ];
  if (tab === 'refuse') {
    columns.push({ key: 'reason', title: t('column.reason'), render: (row) => <DeclineReason row={row} /> });
  } else {
    columns.push({
      key: 'status',
      title: t('column.status'),
      render: (row) => <StatusWithReason row={row} />,
    });
  }
  columns.push(
    { key: 'card', title: t('column.card'), render: (row) => <CardCell row={row} /> },
    { key: 'time', title: t('column.time'), render: (row) => <RecordTime iso={row.createdAt} /> },
  );
  return columns;
}

/** Phone: a card per payment — merchant and amount on top, the status (and why) under them. */
function phoneColumns(tab: RecordTab, t: Translate): DataColumn<TradeRow>[] {
  return [
    {
      key: 'summary',
      title: t('column.merchant'),
      primary: true,
      render: (row) => (
        <span className="cp-rec-summary">
          <span className="cp-rec-summary__top">
            <MerchantCell row={row} />
            <TradeAmount row={row} />
          </span>
          <StatusWithReason row={row} forceReason={tab === 'refuse'} />
        </span>
      ),
    },
    { key: 'card', title: t('column.card'), render: (row) => <CardCell row={row} /> },
    { key: 'time', title: t('column.time'), render: (row) => <RecordTime iso={row.createdAt} /> },
  ];
}

function StatusWithReason({ row, forceReason = false }: { row: TradeRow; forceReason?: boolean }) {
  return (
    <span className="cp-rec-status">
      <TradeStatusTag status={row.status} />
      {row.status === 'declined' || forceReason ? <DeclineReason row={row} /> : null}
    </span>
  );
}

function RecordTime({ iso }: { iso: string }) {
  return (
    <time className="cp-rec-time" dateTime={iso}>
      {formatRecordTime(iso)}
    </time>
  );
}
