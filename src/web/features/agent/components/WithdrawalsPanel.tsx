/** The withdrawals: where to, amount, fee and net, and the state of bank payouts. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalView } from '@contract/agent';
import { pageWithdrawal } from '@contract/agent';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { Money } from '../../../components/ui/Money';
import { Tag, type TagTone } from '../../../components/ui/Tag';
import { call } from '../../../lib/http';
import { productDateTime } from '../../../lib/product-time';
import { agentKeys } from '../api';
import { AGENT_NS } from '../i18n';

const PAGE_SIZE = 10;
const TONE: Record<WithdrawalView['status'], TagTone> = { requested: 'warn', paid: 'ok', failed: 'bad' };

export function WithdrawalsPanel() {
  const { t } = useTranslation(AGENT_NS);
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery({
    queryKey: [...agentKeys.withdrawals, pageNo],
    queryFn: ({ signal }) => call(pageWithdrawal, { pageNo, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<WithdrawalView>[] = [
    {
      key: 'amount',
      title: t('withdrawals.amount'),
      primary: true,
      render: (row) => (
        <span data-testid="withdrawal-row" data-status={row.status} data-target={row.target}>
          <Money minor={row.amount} currency={row.currency} />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('withdrawals.status'),
      render: (row) => (
        <span className="cp-agent__stack">
          <Tag tone={TONE[row.status]}>{t(`withdrawals.state.${row.status}`)}</Tag>
          {row.failureReason ? <span className="cp-muted">{row.failureReason}</span> : null}
        </span>
      ),
    },
    {
      key: 'target',
      title: t('withdrawals.target'),
      render: (row) =>
        row.target === 'wallet' ? (
          t('withdrawals.toWallet', { currency: row.currency })
        ) : (
          <span className="cp-agent__stack">
            <span>{row.bankName}</span>
            <span className="cp-muted cp-mono">{row.cardMasked}</span>
          </span>
        ),
    },
    {
      key: 'net',
      title: t('withdrawals.feeNet'),
      render: (row) => (
        <span className="cp-agent__stack">
          <span>
            {t('withdrawals.fee')} <Money minor={row.fee} currency={row.currency} />
          </span>
          <span>
            {t('withdrawals.net')} <Money minor={row.net} currency={row.currency} />
          </span>
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: t('withdrawals.createdAt'),
      hideOnPhone: true,
      render: (row) => productDateTime(row.createdAt),
    },
  ];

  return (
    <DataList
      columns={columns}
      rows={page.data?.data ?? []}
      rowKey={(row) => row.id}
      caption={t('withdrawals.caption')}
      total={page.data?.total}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
      onRefresh={() => page.refetch()}
      loading={page.isFetching}
      empty={t('withdrawals.empty')}
      data-testid="withdrawal-list"
    />
  );
}
