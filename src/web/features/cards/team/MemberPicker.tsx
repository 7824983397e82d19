/**
 * Which sub-account's cards or records the owner's team pages show: all members, or one
 * (sub/user/enum). The choice applies at once and is kept in the address (`?subAccountId=`), so a
 * link from the team page ("their cards") opens filtered, and back returns to it.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { subUserEnum } from '@contract/sub-accounts';
import { SelectField } from '../../../components/ui/SelectField';
import { call } from '../../../lib/http';
import { TEAM_CARDS_NS } from './team-i18n';
import './team.css';

/** The member of the address; '' = all members. */
export function useChosenMember(): string {
  return useRouterState({ select: (state) => memberOf(state.location.search) });
}

/** The router parses the query (a numeric id may come back as a number): read it as text. */
function memberOf(search: object): string {
  const value = (search as Record<string, unknown>).subAccountId;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function MemberPicker({ path }: { path: '/subCardList' | '/subCardRecord' }) {
  const { t } = useTranslation(TEAM_CARDS_NS);
  const navigate = useNavigate();
  const chosen = useChosenMember();
  const current = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const members = useQuery({
    queryKey: ['subAccounts', 'userEnum'],
    queryFn: ({ signal }) => call(subUserEnum, {}, { signal }),
    staleTime: 60_000,
  });

  const choose = (subAccountId: string) => {
    const search: Record<string, unknown> = { ...current };
    if (subAccountId) search.subAccountId = subAccountId;
    else delete search.subAccountId;
    void navigate({ to: path, search, replace: true });
  };

  return (
    <div className="cp-team-picker" data-testid="member-picker">
      <SelectField<string>
        label={t('member')}
        name="subAccountId"
        value={chosen}
        onChange={choose}
        options={[
          { value: '', label: t('allMembers') },
          ...(members.data ?? []).map((member) => ({
            value: member.id,
            label: t('memberLine', { name: member.nickname || member.subUid, email: member.email }),
          })),
        ]}
        data-testid="member-picker-select"
      />
    </div>
  );
}
