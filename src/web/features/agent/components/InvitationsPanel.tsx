/**
 * The invitees: a funnel of the stages (how many reached each), then each invitee, masked, with the
 * stage they reached, the next step they have not taken and a one-tap reminder to copy, and what
 * the agent has earned from them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationView } from '@contract/agent';
import { pageOfInvitations } from '@contract/agent';
import { CopyButton } from '../../../components/ui/CopyButton';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { Money } from '../../../components/ui/Money';
import { Tag } from '../../../components/ui/Tag';
import { call } from '../../../lib/http';
import { productDate } from '../../../lib/product-time';
import { agentKeys, inviteLink } from '../api';
import { AGENT_NS } from '../i18n';
import { reminderText } from '../reminder';

const PAGE_SIZE = 10;

export function InvitationsPanel({ code }: { code: string }) {
  const { t } = useTranslation(AGENT_NS);
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery({
    queryKey: [...agentKeys.invitations, pageNo],
    queryFn: ({ signal }) => call(pageOfInvitations, { pageNo, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
  const funnel = page.data?.funnel ?? [];
  const top = Math.max(1, funnel[0]?.count ?? 0);

  const columns: DataColumn<InvitationView>[] = [
    {
      key: 'who',
      title: t('invitations.who'),
      primary: true,
      render: (row) => (
        <span className="cp-agent__stack" data-testid="invitation-row" data-stage={row.stage}>
          <span className="cp-mono">{row.emailMasked}</span>
          <span className="cp-muted">{t('invitations.signedUp', { date: productDate(row.signedUpAt) })}</span>
        </span>
      ),
    },
    {
      key: 'stage',
      title: t('invitations.stage'),
      render: (row) => <Tag tone={row.stage === 'spending' ? 'ok' : 'info'}>{t(`stage.${row.stage}`)}</Tag>,
    },
    {
      key: 'next',
      title: t('invitations.next'),
      render: (row) =>
        row.nextStage ? (
          <span className="cp-agent__stack">
            <span>{t(`next.${row.nextStage}`)}</span>
            <CopyButton
              value={() => reminderText(row.nextStage!, inviteLink(code))}
              text={t('invitations.copyReminder')}
              failed={t('card.copyFailed')}
              data-testid="invitation-remind"
            />
          </span>
        ) : (
          <span className="cp-muted">{t('invitations.allDone')}</span>
        ),
    },
    {
      key: 'earned',
      title: t('invitations.earned'),
      align: 'end',
      render: (row) =>
        row.earned.length === 0 ? (
          <span className="cp-muted">—</span>
        ) : (
          <span className="cp-agent__stack">
            {row.earned.map((e) => (
              <Money key={e.currency} minor={e.amount} currency={e.currency} />
            ))}
          </span>
        ),
    },
  ];

  return (
    <div className="cp-agent__panel" data-testid="agent-invitations">
      <ol className="cp-agent-funnel" aria-label={t('invitations.funnel')}>
        {funnel.map((step) => (
          <li key={step.stage} className="cp-agent-funnel__step" data-testid={`funnel-${step.stage}`}>
            <span className="cp-agent-funnel__label">{t(`stage.${step.stage}`)}</span>
            <span className="cp-agent-funnel__bar" aria-hidden="true">
              <span style={{ width: `${Math.round((step.count / top) * 100)}%` }} />
            </span>
            <span className="cp-agent-funnel__count">{step.count}</span>
          </li>
        ))}
      </ol>
      <DataList
        columns={columns}
        rows={page.data?.data ?? []}
        rowKey={(row) => row.id}
        caption={t('invitations.caption')}
        total={page.data?.total}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        onRefresh={() => page.refetch()}
        loading={page.isFetching}
        empty={t('invitations.empty')}
        data-testid="invitation-list"
      />
    </div>
  );
}
