/**
 * financeAudit (2003002, spec §2 "USD transfer forecast results"): the account's forecasts, newest
 * first, filtered by state, with what the customer may still do to each. Which actions a row
 * offers comes from the server's state machine (`canRevoke`, `canResubmit`), never from guessing
 * here, so the page cannot offer an illegal transition.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forecastStatus, topupPage, type ForecastStatus, type ForecastView } from '@contract/finance';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { useListEmpty } from '../../../components/ui/EmptyState';
import { Money } from '../../../components/ui/Money';
import { PageIntro } from '../../../components/ui/PageIntro';
import { Tabs } from '../../../components/ui/Tabs';
import { call } from '../../../lib/http';
import { mayOpen } from '../../../lib/permissions';
import { productDateTime } from '../../../lib/product-time';
import { financeKeys } from './api';
import { ProofSheet, ProofThumb } from './components/ProofThumb';
import { ResubmitSheet } from './components/ResubmitSheet';
import { RevokeSheet } from './components/RevokeSheet';
import { StatusBadge } from './components/StatusBadge';
import { FINANCE_NS } from './i18n';
import './transfer.css';

const PAGE_SIZE = 10;

type StatusFilter = ForecastStatus | 'all';

export function FinanceAuditPage() {
  const { t } = useTranslation(FINANCE_NS);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [revoking, setRevoking] = useState<ForecastView | null>(null);
  const [resubmitting, setResubmitting] = useState<ForecastView | null>(null);
  const [proofOf, setProofOf] = useState<string | null>(null);

  const page = useQuery({
    queryKey: [...financeKeys.forecasts, { status, pageNo }],
    queryFn: ({ signal }) =>
      call(
        topupPage,
        { pageNo, pageSize: PAGE_SIZE, status: status === 'all' ? undefined : status },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

  const navigate = useNavigate();
  const chooseStatus = (key: StatusFilter) => {
    setStatus(key);
    setPageNo(1);
  };
  const emptyState = useListEmpty({
    subject: t('audit.emptySubject'),
    facts: [status !== 'all' && { kind: 'is', label: t('audit.status'), value: t(`status.${status}`) }],
    firstUse: t('audit.empty'),
    create: mayOpen('FinanceRechargeBank')
      ? { label: t('audit.newForecast'), onClick: () => void navigate({ to: '/FinanceRechargeBank' }) }
      : undefined,
    onClear: () => chooseStatus('all'),
  });

  const changed = () => void queryClient.invalidateQueries({ queryKey: financeKeys.forecasts });

  const columns: DataColumn<ForecastView>[] = [
    {
      key: 'amount',
      title: t('audit.amount'),
      primary: true,
      render: (row) => (
        <span data-testid="forecast-row" data-forecast-id={row.id} data-status={row.status}>
          <Money minor={row.amount} currency={row.currency} className="cp-forecast__amount" />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('audit.status'),
      render: (row) => (
        <span className="cp-forecast__stack">
          <StatusBadge status={row.status} />
          {row.status === 'rejected' && row.rejectReason ? (
            <span className="cp-forecast__reason" data-testid="forecast-reason">
              {t('audit.rejectReason', { reason: row.rejectReason })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'transfer',
      title: t('audit.transfer'),
      render: (row) => (
        <span className="cp-forecast__stack">
          <span>{row.bankTxnNo}</span>
          <span className="cp-forecast__muted">{row.transferDate}</span>
        </span>
      ),
    },
    {
      key: 'payer',
      title: t('audit.payer'),
      render: (row) => (
        <span className="cp-forecast__stack">
          <span>{row.payerName}</span>
          <span className="cp-forecast__muted">
            {row.bankName} · {row.bankArea}
          </span>
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: t('audit.createdAt'),
      render: (row) => (
        <span className="cp-forecast__stack">
          <span>{productDateTime(row.createdAt)}</span>
          {/* When it was last decided (reviewed, revoked, resubmitted); a new forecast has none. */}
          {row.status !== 'submitted' ? (
            <span className="cp-forecast__muted">
              {t('audit.updatedAt', { time: productDateTime(row.updatedAt) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'proof',
      title: t('audit.proof'),
      render: (row) => (
        <ProofThumb fileId={row.proofFileId} txn={row.bankTxnNo} onOpen={() => setProofOf(row.proofFileId)} />
      ),
    },
  ];

  const actions = (row: ForecastView) =>
    row.canRevoke || row.canResubmit ? (
      <>
        {row.canResubmit ? (
          <button
            type="button"
            className="cp-row-action"
            onClick={() => setResubmitting(row)}
            data-testid="forecast-resubmit"
            data-forecast-id={row.id}
          >
            {t('audit.resubmit')}
          </button>
        ) : null}
        {row.canRevoke ? (
          <button
            type="button"
            className="cp-row-action cp-row-action--danger"
            onClick={() => setRevoking(row)}
            data-testid="forecast-revoke"
            data-forecast-id={row.id}
          >
            {t('audit.revoke')}
          </button>
        ) : null}
      </>
    ) : null;

  return (
    <div className="cp-page cp-fin" data-testid="finance-audit-page">
      <PageIntro title={t('audit.title')} lead={t('audit.intro')}>
        <a className="cp-link-button" href="#/FinanceRechargeBank" data-testid="forecast-new">
          {t('audit.newForecast')}
        </a>
      </PageIntro>

      <Tabs<StatusFilter>
        items={[
          { key: 'all', title: t('audit.all') },
          ...forecastStatus.options.map((key) => ({ key, title: t(`status.${key}`) })),
        ]}
        activeKey={status}
        onChange={chooseStatus}
        label={t('audit.statusFilter')}
        variant="pill"
        data-testid="forecast-status-filter"
      />

      <DataList
        columns={columns}
        rows={page.data?.data ?? []}
        rowKey={(row) => row.id}
        caption={t('audit.caption')}
        total={page.data?.total}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        onRefresh={() => page.refetch()}
        loading={page.isFetching}
        {...emptyState}
        actions={actions}
        data-testid="forecast-list"
      />

      <RevokeSheet
        forecast={revoking}
        onClose={() => setRevoking(null)}
        onDone={() => {
          setRevoking(null);
          changed();
        }}
      />
      <ResubmitSheet
        forecast={resubmitting}
        onClose={() => setResubmitting(null)}
        onDone={() => {
          setResubmitting(null);
          changed();
        }}
      />
      <ProofSheet fileId={proofOf} onClose={() => setProofOf(null)} />
    </div>
  );
}
