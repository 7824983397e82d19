/**
 * The commission lines: which invitee's fee each comes from (fee, rate, transaction number), its
 * state, and in words why it is still pending and on which day it becomes available.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommissionView } from '@contract/agent';
import { pageFlow } from '@contract/agent';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { Money } from '../../../components/ui/Money';
import { Tag, type TagTone } from '../../../components/ui/Tag';
import { call } from '../../../lib/http';
import { productDateTime } from '../../../lib/product-time';
import { agentKeys } from '../api';
import { AGENT_NS } from '../i18n';
import { explainLine } from '../pending-reason';

const PAGE_SIZE = 10;
const TONE: Record<CommissionView['status'], TagTone> = {
  pending: 'warn',
  available: 'ok',
  clawed_back: 'muted',
};

export function CommissionPanel() {
  const { t } = useTranslation(AGENT_NS);
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery({
    queryKey: [...agentKeys.flow, pageNo],
    queryFn: ({ signal }) => call(pageFlow, { pageNo, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<CommissionView>[] = [
    {
      key: 'amount',
      title: t('flow.amount'),
      primary: true,
      render: (row) => (
        <span data-testid="commission-row" data-status={row.status}>
          <Money minor={row.amount} currency={row.currency} />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('flow.status'),
      render: (row) => {
        const why = explainLine(row);
        return (
          <span className="cp-agent__stack">
            <Tag tone={TONE[row.status]} data-status={row.status}>
              {t(`flow.state.${row.status}`)}
            </Tag>
            <span className="cp-muted" data-testid="commission-why">
              {t(why.key, why.params)}
            </span>
          </span>
        );
      },
    },
    {
      key: 'source',
      title: t('flow.source'),
      render: (row) => (
        <span className="cp-agent__stack">
          <span>
            {row.inviteeEmailMasked} · {t(`feeType.${row.feeType}`)}
          </span>
          <span className="cp-muted">
            {t('flow.feeRate', { rate: (row.rateBp / 100).toString() })}{' '}
            <Money minor={row.feeAmount} currency={row.currency} />
          </span>
          <span className="cp-muted cp-mono">{row.sourceTxnNo}</span>
        </span>
      ),
    },
    {
      key: 'accruedAt',
      title: t('flow.accruedAt'),
      hideOnPhone: true,
      render: (row) => productDateTime(row.accruedAt),
    },
  ];

  return (
    <DataList
      columns={columns}
      rows={page.data?.data ?? []}
      rowKey={(row) => row.id}
      caption={t('flow.caption')}
      total={page.data?.total}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
      onRefresh={() => page.refetch()}
      loading={page.isFetching}
      empty={t('flow.empty')}
      data-testid="commission-list"
    />
  );
}
