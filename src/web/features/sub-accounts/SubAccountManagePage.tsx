/**
 * /subAccountManage (spec §2 /subAccount 2006, issue 14 §3): the owner's team — members with their
 * figures, status, validity, role, limits and expiry policy, and the roles with their permission
 * trees. The tab is in the address (`?tab=roles`) so the back button returns to it.
 */
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/PageIntro';
import { Tabs } from '../../components/ui/Tabs';
import { TEAM_NS } from './i18n';
import { MembersPanel } from './members/MembersPanel';
import { RolesPanel } from './roles/RolesPanel';
import '../../components/ui/page.css';
import './sub-accounts.css';

type TeamTab = 'members' | 'roles';

export function SubAccountManagePage() {
  const { t } = useTranslation(TEAM_NS);
  const navigate = useNavigate();
  const tab: TeamTab = useRouterState({
    select: (state) =>
      new URLSearchParams(state.location.searchStr).get('tab') === 'roles' ? 'roles' : 'members',
  });

  return (
    <div className="cp-page cp-team" data-testid="sub-account-manage-page" data-tab={tab}>
      <PageIntro title={t('title')} lead={t('intro')} />
      <Tabs<TeamTab>
        items={[
          { key: 'members', title: t('tabs.members'), content: <MembersPanel /> },
          { key: 'roles', title: t('tabs.roles'), content: <RolesPanel /> },
        ]}
        activeKey={tab}
        onChange={(next) => void navigate({ to: '/subAccountManage', search: { tab: next }, replace: true })}
        label={t('tabs.label')}
        data-testid="team-tabs"
      />
    </div>
  );
}
