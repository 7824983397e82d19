/**
 * cardRecord (spec §2 /card, §4 transaction statuses; contract records.ts): what became of every
 * payment the customer's cards were asked to make, in three tabs — authorizations, transactions
 * (the approved ones) and declines with the reason. Filters by card (last four digits), status,
 * merchant and dates apply when the customer searches; the list and the export then use the same
 * applied filters. Main and sub-account users both see it (permission 2005004).
 *
 * The tab is in the address (`?tab=refuse`), so the home page's risk notice can link to the
 * declines and the back button returns to the tab the customer was on; `?last4=` prefills the card
 * filter for links from a card. Each row's "Details" opens the record in full (TradeDetailSheet).
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeRow, TradeStatus } from '@contract/records';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import type { StatementLine } from '../../../components/ui/DataList.statement';
import { useListEmpty, type ListEmpty } from '../../../components/ui/EmptyState';
import { DateRangeFields } from '../../../components/ui/DateRangeFields';
import { FilterPanel } from '../../../components/ui/FilterPanel';
import { GroupTagFields, useGroupTagFacts } from '../../../components/ui/GroupTagFields';
import { PageIntro } from '../../../components/ui/PageIntro';
import { SelectField } from '../../../components/ui/SelectField';
import { Tabs } from '../../../components/ui/Tabs';
import { TextField } from '../../../components/ui/TextField';
import { useMediaQuery, WIDE_QUERY } from '../../../components/ui/useMediaQuery';
import { call } from '../../../lib/http';
import { productDateTime } from '../../../lib/product-time';
import { useFilterForm } from '../../../lib/useFilterForm';
import { MemberPicker } from '../team/MemberPicker';
import { TEAM_CARDS_NS } from '../team/team-i18n';
import { CardCell, DeclineReason, MerchantCell } from './components/RecordCells';
import { RecordsExportSheet } from './components/RecordsExportSheet';
import { TradeAmount } from './components/TradeAmount';
import { TradeDetailSheet } from './components/TradeDetailSheet';
import { TradeStatusTag } from './components/TradeStatusTag';
import { CARD_RECORDS_NS, CARDS_NS } from './i18n';
import { isRecordTab, RECORD_TABS, TAB_DEFS, type RecordTab } from './record-tabs';
import {
  activeFilterCount,
  draftForTab,
  EMPTY_TRADE_FILTER,
  filterProblem,
  requestOf,
  type TradeFilterDraft,
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

export interface CardRecordPageProps {
  /**
   * The owner's team page (/subCardRecord): the records of the sub-accounts' cards (the
   * pageForSub calls), all or one member's; the exports carry the same scope.
   */
  team?: { subAccountId: string };
}

export function CardRecordPage() {
  return <CardRecords />;
}

/** The records of /cardRecord, or of the owner's team page /subCardRecord (`team`). */
export function CardRecords({ team }: CardRecordPageProps) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const member = team?.subAccountId ?? '';
  const path = team ? '/subCardRecord' : '/cardRecord';
  const navigate = useNavigate();
  const linked = linkedState(useRouterState({ select: (state) => state.location.searchStr }));
  const tab = linked.tab;
  const [initial] = useState<TradeFilterDraft>(() => ({ ...EMPTY_TRADE_FILTER, last4: linked.last4 }));
  const { draft, applied, problem, pageNo, setPageNo, set, change, ...form } = useFilterForm({
    initial,
    empty: EMPTY_TRADE_FILTER,
    problemOf: (next: TradeFilterDraft) => filterProblem(next, tab),
    requestOf: (next: TradeFilterDraft) => requestOf(next, tab),
  });
  const [exporting, setExporting] = useState(false);
  const filter = requestOf(applied, tab);
  const groupTagFacts = useGroupTagFacts(filter.groupId, filter.tagId);
  const emptyState = useListEmpty({
    subject: t(`emptySubject.${tab}`),
    facts: [
      ...groupTagFacts,
      filter.last4 && { kind: 'is', label: t('filter.last4Fact'), value: filter.last4 },
      filter.status && {
        kind: 'is',
        label: t('filter.status'),
        value: t(`${CARDS_NS}:tradeStatus.${filter.status}`),
      },
      filter.merchant && { kind: 'contains', label: t('filter.merchant'), value: filter.merchant },
      { kind: 'dates', from: filter.startDate, to: filter.endDate },
    ],
    firstUse: t(`empty.${tab}`),
    onClear: form.clear,
  });

  const page = useQuery({
    queryKey: [...RECORDS_KEY, tab, filter, pageNo, team ? 'team' : 'own', member],
    queryFn: ({ signal }) => {
      const request = { ...filter, pageNo, pageSize: PAGE_SIZE };
      return team
        ? call(TAB_DEFS[tab].teamPage, { ...request, subAccountId: member }, { signal })
        : call(TAB_DEFS[tab].page, request, { signal });
    },
    // The previous rows stay while the next page or filter loads, but never another tab's: they
    // would stand under this tab's columns and total.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[RECORDS_KEY.length] === tab ? previous : undefined,
  });

  const changeTab = (next: RecordTab) => {
    form.setDraft((d) => draftForTab(d, next));
    form.setApplied((a) => draftForTab(a, next));
    form.setProblem(null);
    setPageNo(1);
    void navigate({
      to: path,
      search: team && member ? { tab: next, subAccountId: member } : { tab: next },
      replace: true,
    });
  };

  const search = () => form.search(() => void page.refetch());

  const statuses = TAB_DEFS[tab].statuses;
  const body = (
    <div className="cp-rec__body">
      <FilterPanel
        onSearch={search}
        onClear={form.clear}
        // Zero rows are not worth a file: the export is offered once the list holds something.
        onExport={page.data?.total ? () => setExporting(true) : undefined}
        activeCount={activeFilterCount(applied, tab)}
        searching={page.isFetching}
        data-testid="records-filter"
      >
        <GroupTagFields
          groupId={draft.groupId}
          tagId={draft.tagId}
          onGroup={(value) => change('groupId', value)}
          onTag={(value) => change('tagId', value)}
          testId="records-filter"
        />
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
          <SelectField<TradeStatus | ''>
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
        <DateRangeFields
          startDate={draft.startDate}
          endDate={draft.endDate}
          onChange={change}
          labels={{ startDate: t('filter.startDate'), endDate: t('filter.endDate') }}
          errors={problem ? { [problem.field]: t(problem.key) } : {}}
          testId="records-filter"
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
        emptyState={emptyState}
      />
    </div>
  );

  return (
    <div
      className="cp-page cp-rec"
      data-testid="card-record-page"
      data-tab={tab}
      data-scope={team ? 'team' : 'own'}
    >
      <PageIntro
        title={team ? t(`${TEAM_CARDS_NS}:records.title`) : t('title')}
        lead={team ? t(`${TEAM_CARDS_NS}:records.intro`) : t('intro')}
      />
      {team ? <MemberPicker path="/subCardRecord" /> : null}

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
        team={team}
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
  emptyState: ListEmpty;
}

function RecordList({
  tab,
  rows,
  total,
  pageNo,
  onPageChange,
  onRefresh,
  loading,
  emptyState,
}: RecordListProps) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const wide = useMediaQuery(WIDE_QUERY);
  const columns = wide ? tableColumns(tab, t) : phoneColumns(tab, t);
  // The record whose detail sheet is open.
  const [opened, setOpened] = useState<TradeRow | null>(null);
  return (
    <>
      <DataList
        columns={columns}
        actions={(row) => (
          <button
            type="button"
            className="cp-small-button cp-rec-detail-open"
            onClick={() => setOpened(row)}
            aria-haspopup="dialog"
            aria-label={t('detail.openFor', { merchant: row.merchantName })}
            data-testid="trade-open"
          >
            {t('detail.open')}
          </button>
        )}
        // Phones (issue 34 §3): one compact row per record, the whole row opens its details.
        statement={(row) => recordLine(row, tab)}
        onOpen={setOpened}
        openTestId="trade-open"
        rows={rows}
        rowKey={(row) => row.id}
        caption={t(`caption.${tab}`)}
        total={total}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={onPageChange}
        onRefresh={onRefresh}
        loading={loading}
        {...emptyState}
        data-testid="records-list"
      />
      <TradeDetailSheet row={opened} onClose={() => setOpened(null)} />
    </>
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

/** Phone: the columns a screen reader's table would have; the rows themselves are `recordLine`. */
function phoneColumns(tab: RecordTab, t: Translate): DataColumn<TradeRow>[] {
  return tableColumns(tab, t);
}

/**
 * A phone's record line (issue 34 §3): the merchant and the amount, then the card by its label
 * and last four, the time and the status — about 64 px, so a screen holds a dozen records. The
 * card's serial and the record's number live in the detail sheet only.
 */
function recordLine(row: TradeRow, tab: RecordTab): StatementLine {
  return {
    title: (
      <span
        className="cp-rec-line__merchant"
        data-testid="trade-row"
        data-id={row.id}
        data-status={row.status}
      >
        {row.merchantName}
      </span>
    ),
    amount: <TradeAmount row={row} />,
    meta: <RecordLineMeta row={row} />,
    aside: <StatusWithReason row={row} forceReason={tab === 'refuse'} compact />,
  };
}

function RecordLineMeta({ row }: { row: TradeRow }) {
  const { t } = useTranslation(CARD_RECORDS_NS);
  const card = [row.cardLabel.trim(), t('cardEnding', { last4: row.last4 })].filter(Boolean).join(' · ');
  return (
    <span className="cp-rec-line__meta">
      <span data-testid="trade-card">{card}</span>
      {' · '}
      <RecordTime iso={row.createdAt} short />
    </span>
  );
}

function StatusWithReason({
  row,
  forceReason = false,
  compact = false,
}: {
  row: TradeRow;
  forceReason?: boolean;
  /** A phone's line: the status alone (the reason is read in the detail sheet, and by screen readers here). */
  compact?: boolean;
}) {
  const reason = row.status === 'declined' || forceReason;
  return (
    <span className={compact ? 'cp-rec-status cp-rec-status--compact' : 'cp-rec-status'}>
      <TradeStatusTag status={row.status} />
      {reason && !compact ? <DeclineReason row={row} /> : null}
      {reason && compact ? (
        <span className="cp-visually-hidden">
          <DeclineReason row={row} />
        </span>
      ) : null}
    </span>
  );
}

function RecordTime({ iso, short = false }: { iso: string; short?: boolean }) {
  // A phone's line drops this year's year ("01-05 17:03"); an older record keeps it.
  const text = productDateTime(iso);
  const thisYear = text.slice(0, 4) === productDateTime(new Date().toISOString()).slice(0, 4);
  return (
    <time className="cp-rec-time" dateTime={iso}>
      {short && thisYear ? text.slice(5) : text}
    </time>
  );
}
