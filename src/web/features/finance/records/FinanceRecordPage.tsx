/**
 * financeRecord (spec §2 /finance, §3 "Finance flow"): the financial breakdown — every wallet
 * movement, newest first — with filters (type, currency, date range, card serial, transaction
 * number), paging and export. Main and sub-account users both see it. The filters apply when the
 * customer searches; the list and the export then use the same applied filters.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_TYPES, flowPage, type FlowRow } from '../../../../contract/finance';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { FilterPanel } from '../../../components/ui/FilterPanel';
import { Money } from '../../../components/ui/Money';
import { TextField } from '../../../components/ui/TextField';
import { call } from '../../../lib/http';
import { formatDateTime, productToday } from '../transfer/dates';
import { FINANCE_NS } from '../transfer/i18n';
import { ExportSheet } from './components/ExportSheet';
import { SelectField } from './components/SelectField';
import {
  activeFilters,
  EMPTY_FILTER,
  filterProblem,
  FLOW_CURRENCIES,
  requestOf,
  type FilterProblem,
  type FlowFilterDraft,
} from './flow-filter';
import '../transfer/transfer.css';
import './records.css';

const PAGE_SIZE = 10;

type KeyedRow = FlowRow & { key: string };

export function FinanceRecordPage() {
  const { t } = useTranslation(FINANCE_NS);
  const [draft, setDraft] = useState<FlowFilterDraft>(EMPTY_FILTER);
  const [applied, setApplied] = useState<FlowFilterDraft>(EMPTY_FILTER);
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter = requestOf(applied);

  const page = useQuery({
    queryKey: ['finance', 'flows', filter, pageNo],
    queryFn: ({ signal }) => call(flowPage, { ...filter, pageNo, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

  const set =
    <K extends keyof FlowFilterDraft>(field: K) =>
    (value: FlowFilterDraft[K]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      if (problem?.field === field) setProblem(null);
    };

  const search = () => {
    const found = filterProblem(draft);
    setProblem(found);
    if (found) return;
    setApplied(draft);
    setPageNo(1);
    // The same filters again: the customer wants the newest rows.
    if (JSON.stringify(requestOf(draft)) === JSON.stringify(filter) && pageNo === 1) void page.refetch();
  };

  const clear = () => {
    setDraft(EMPTY_FILTER);
    setApplied(EMPTY_FILTER);
    setProblem(null);
    setPageNo(1);
  };

  // Several rows may share a transaction number (one movement touching the wallet twice).
  const rows: KeyedRow[] = (page.data?.data ?? []).map((row, index) => ({
    ...row,
    key: `${pageNo}-${index}`,
  }));
  const dash = (value: string | null) => (value ? value : '—');
  const today = productToday();

  const columns: DataColumn<KeyedRow>[] = [
    {
      key: 'type',
      title: t('records.type'),
      primary: true,
      render: (row) => (
        <span className="cp-flow__type" data-testid="flow-row" data-txn={row.txnNo} data-type={row.type}>
          {t(`flowType.${row.type}`)}
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('records.amount'),
      align: 'end',
      render: (row) => (
        <Money minor={row.amount} currency={row.currency} sign="always" tone className="cp-flow__amount" />
      ),
    },
    {
      key: 'balance',
      title: t('records.balance'),
      align: 'end',
      render: (row) => <Money minor={row.balance} currency={row.currency} />,
    },
    {
      key: 'txnNo',
      title: t('records.txnNo'),
      render: (row) => <span className="cp-mono">{row.txnNo}</span>,
    },
    { key: 'cardSerial', title: t('records.cardSerial'), render: (row) => dash(row.cardSerial) },
    { key: 'label', title: t('records.label'), hideOnPhone: true, render: (row) => dash(row.label) },
    {
      key: 'description',
      title: t('records.description'),
      render: (row) => <span className="cp-flow__description">{dash(row.description)}</span>,
    },
    { key: 'date', title: t('records.date'), render: (row) => formatDateTime(row.createdAt) },
  ];

  return (
    <div className="cp-fin cp-fin--wide" data-testid="finance-record-page">
      <div className="cp-fin__intro">
        <div>
          <h1 className="cp-fin__title">{t('records.title')}</h1>
          <p className="cp-fin__lead">{t('records.intro')}</p>
        </div>
      </div>

      <FilterPanel
        onSearch={search}
        onClear={clear}
        onExport={() => setExporting(true)}
        activeCount={activeFilters(applied)}
        searching={page.isFetching}
        data-testid="flow-filter"
      >
        <SelectField
          label={t('records.type')}
          name="type"
          value={draft.type}
          onChange={set('type')}
          options={[
            { value: '', label: t('records.allTypes') },
            ...FLOW_TYPES.map((value) => ({ value, label: t(`flowType.${value}`) })),
          ]}
          data-testid="flow-filter-type"
        />
        <SelectField
          label={t('records.currency')}
          name="currency"
          value={draft.currency}
          onChange={set('currency')}
          options={[
            { value: '', label: t('records.allCurrencies') },
            ...FLOW_CURRENCIES.map((value) => ({ value, label: t(`currency.${value}`) })),
          ]}
          data-testid="flow-filter-currency"
        />
        <TextField
          type="date"
          name="startDate"
          label={t('records.startDate')}
          value={draft.startDate}
          onChange={set('startDate')}
          max={draft.endDate || today}
          error={problem?.field === 'startDate' ? t(problem.key) : undefined}
          data-testid="flow-filter-start"
        />
        <TextField
          type="date"
          name="endDate"
          label={t('records.endDate')}
          value={draft.endDate}
          onChange={set('endDate')}
          min={draft.startDate || undefined}
          error={problem?.field === 'endDate' ? t(problem.key) : undefined}
          data-testid="flow-filter-end"
        />
        <TextField
          name="cardSerial"
          label={t('records.cardSerial')}
          value={draft.cardSerial}
          onChange={set('cardSerial')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          data-testid="flow-filter-card"
        />
        <TextField
          name="txnNo"
          label={t('records.txnNo')}
          value={draft.txnNo}
          onChange={set('txnNo')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          data-testid="flow-filter-txn"
        />
      </FilterPanel>

      <DataList
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        caption={t('records.caption')}
        total={page.data?.total}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        onRefresh={() => page.refetch()}
        loading={page.isFetching}
        empty={t('records.empty')}
        data-testid="flow-list"
      />

      <ExportSheet
        visible={exporting}
        filter={filter}
        total={page.data?.total}
        onClose={() => setExporting(false)}
      />
    </div>
  );
}
