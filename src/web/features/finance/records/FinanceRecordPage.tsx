/**
 * financeRecord (spec §2 /finance, §3 "Finance flow"): the financial breakdown — every wallet
 * movement, newest first — with filters (type, currency, date range, card serial, transaction
 * number), paging and export. Main and sub-account users both see it. The filters apply when the
 * customer searches; the list and the export then use the same applied filters.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_TYPES, flowPage, type FlowRow } from '@contract/finance';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { useListEmpty } from '../../../components/ui/EmptyState';
import { DateRangeFields } from '../../../components/ui/DateRangeFields';
import { FilterPanel } from '../../../components/ui/FilterPanel';
import { Money } from '../../../components/ui/Money';
import { PageIntro } from '../../../components/ui/PageIntro';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { call } from '../../../lib/http';
import { productDateTime, PRODUCT_ZONE } from '../../../lib/product-time';
import { useFilterForm } from '../../../lib/useFilterForm';
import { FINANCE_NS } from '../transfer/i18n';
import { FlowDetailSheet } from './components/FlowDetailSheet';
import { FlowExportSheet } from './components/FlowExportSheet';
import { flowFilterFacts } from './flow-empty';
import { activeFilters, EMPTY_FILTER, filterProblem, FLOW_CURRENCIES, requestOf } from './flow-filter';
import '../transfer/transfer.css';
import './records.css';

const PAGE_SIZE = 10;

type KeyedRow = FlowRow & { key: string };

export function FinanceRecordPage() {
  const { t } = useTranslation(FINANCE_NS);
  const { draft, applied, problem, pageNo, setPageNo, set, change, ...form } = useFilterForm({
    initial: EMPTY_FILTER,
    empty: EMPTY_FILTER,
    problemOf: filterProblem,
    requestOf,
  });
  const [exporting, setExporting] = useState(false);
  const [opened, setOpened] = useState<FlowRow | null>(null);
  const filter = requestOf(applied);
  const emptyState = useListEmpty({
    subject: t('records.emptySubject'),
    facts: flowFilterFacts(filter, t),
    firstUse: t('records.emptyAll'),
    onClear: form.clear,
  });

  const page = useQuery({
    queryKey: ['finance', 'flows', filter, pageNo],
    queryFn: ({ signal }) => call(flowPage, { ...filter, pageNo, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

  const search = () => form.search(() => void page.refetch());

  // Several rows may share a transaction number (one movement touching the wallet twice).
  const rows: KeyedRow[] = (page.data?.data ?? []).map((row, index) => ({
    ...row,
    key: `${pageNo}-${index}`,
  }));
  const dash = (value: string | null) => (value ? value : '—');
  const total = page.data?.total;

  // The table: the sentence first, then the figures; identifiers stay in the details.
  const columns: DataColumn<KeyedRow>[] = [
    {
      key: 'date',
      title: t('records.time', { zone: PRODUCT_ZONE }),
      render: (row) => productDateTime(row.createdAt),
    },
    {
      key: 'summary',
      title: t('records.description'),
      primary: true,
      render: (row) => (
        <span
          className="cp-flow__description"
          data-testid="flow-row"
          data-txn={row.txnNo}
          data-type={row.type}
        >
          <span className="cp-flow__type">{t(`flowType.${row.type}`)}</span>
          <span className="cp-flow__summary">{row.summary}</span>
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
    { key: 'cardSerial', title: t('records.cardSerial'), render: (row) => dash(row.cardSerial) },
  ];

  return (
    <div className="cp-page cp-fin" data-testid="finance-record-page">
      <PageIntro title={t('records.title')} lead={t('records.intro')} />

      <FilterPanel
        onSearch={search}
        onClear={form.clear}
        // Zero rows are not worth a file: the export is offered once the list holds something.
        onExport={total ? () => setExporting(true) : undefined}
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
        <DateRangeFields
          startDate={draft.startDate}
          endDate={draft.endDate}
          onChange={change}
          labels={{ startDate: t('records.startDate'), endDate: t('records.endDate') }}
          errors={problem ? { [problem.field]: t(problem.key) } : {}}
          testId="flow-filter"
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
        {...emptyState}
        statement={(row) => ({
          title: (
            <span data-testid="flow-row" data-txn={row.txnNo} data-type={row.type}>
              {row.summary}
            </span>
          ),
          amount: <Money minor={row.amount} currency={row.currency} sign="always" tone />,
          meta: `${productDateTime(row.createdAt)} ${PRODUCT_ZONE}`,
          aside: <Money minor={row.balance} currency={row.currency} />,
        })}
        onOpen={setOpened}
        actions={(row) => (
          <button type="button" className="cp-row-action" onClick={() => setOpened(row)}>
            {t('records.details')}
          </button>
        )}
        data-testid="flow-list"
      />

      <FlowDetailSheet row={opened} onClose={() => setOpened(null)} />

      <FlowExportSheet
        visible={exporting}
        filter={filter}
        total={page.data?.total}
        onClose={() => setExporting(false)}
      />
    </div>
  );
}
