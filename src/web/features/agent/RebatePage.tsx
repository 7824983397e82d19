/**
 * Invite rebate (2008, spec §2 /rebate, issue 17): the agent card (code, link, QR), the figures,
 * and four tabs — invitations with their funnel, commission lines, withdrawals, bank cards — plus
 * the withdraw sheet. Main account only: the server answers 4030 to anyone else.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentInfo } from '../../../contract/agent';
import { PageIntro } from '../../components/ui/PageIntro';
import { PageLoading } from '../../components/ui/PageLoading';
import { SegmentedTabs } from '../../components/ui/SegmentedTabs';
import { call } from '../../lib/http';
import { agentKeys } from './api';
import { AgentCard } from './components/AgentCard';
import { BankCardsPanel } from './components/BankCardsPanel';
import { CommissionPanel } from './components/CommissionPanel';
import { Figures } from './components/Figures';
import { InvitationsPanel } from './components/InvitationsPanel';
import { WithdrawalsPanel } from './components/WithdrawalsPanel';
import { WithdrawSheet } from './components/WithdrawSheet';
import { AGENT_NS } from './i18n';
import './agent.css';

type Tab = 'invitations' | 'flow' | 'withdrawals' | 'bankCards';
const TABS: readonly Tab[] = ['invitations', 'flow', 'withdrawals', 'bankCards'];

export function RebatePage() {
  const { t } = useTranslation(AGENT_NS);
  const queryClient = useQueryClient();
  const info = useQuery({
    queryKey: agentKeys.info,
    queryFn: ({ signal }) => call(agentInfo, {}, { signal }),
  });
  const [tab, setTab] = useState<Tab>('invitations');
  const [withdrawing, setWithdrawing] = useState(false);

  return (
    <div className="cp-page cp-agent" data-testid="rebate-page">
      <PageIntro title={t('title')} lead={t('intro', { days: info.data?.holdDays ?? 7 })} />
      {info.data ? (
        <div className="cp-agent__top">
          <AgentCard code={info.data.code} />
          <Figures info={info.data} onWithdraw={() => setWithdrawing(true)} />
        </div>
      ) : (
        <PageLoading />
      )}
      <SegmentedTabs<Tab>
        items={TABS.map((key) => ({ key, title: t(`tabs.${key}`) }))}
        active={tab}
        onChange={setTab}
        idPrefix="agent"
        label={t('tabs.label')}
      />
      <div role="tabpanel" id={`agent-panel-${tab}`} aria-labelledby={`agent-tab-${tab}`}>
        {tab === 'invitations' && info.data ? <InvitationsPanel code={info.data.code} /> : null}
        {tab === 'flow' ? <CommissionPanel /> : null}
        {tab === 'withdrawals' ? <WithdrawalsPanel /> : null}
        {tab === 'bankCards' ? <BankCardsPanel /> : null}
      </div>
      <WithdrawSheet
        visible={withdrawing}
        onClose={() => setWithdrawing(false)}
        onDone={() => {
          setWithdrawing(false);
          void queryClient.invalidateQueries({ queryKey: agentKeys.all });
        }}
      />
    </div>
  );
}
