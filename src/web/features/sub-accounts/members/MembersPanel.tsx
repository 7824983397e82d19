/**
 * The members tab: filters (name/e-mail/number, status, role, validity), the list with each
 * member's figures — USD spend, CNY and USD recharges to their cards, transaction count — status,
 * validity and role, the invitation, and every action on a member through one sheet.
 */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubAccountView, SubStatus } from '@contract/sub-accounts';
import { DataList, type DataColumn } from '../../../components/ui/DataList';
import { useListEmpty } from '../../../components/ui/EmptyState';
import { FilterPanel } from '../../../components/ui/FilterPanel';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { useFilterForm } from '../../../lib/useFilterForm';
import { MEMBER_PAGE_SIZE, useMembers, useRoleEnum, type MemberFilter } from '../api';
import { TEAM_NS } from '../i18n';
import { InviteSheet } from './InviteSheet';
import { MemberActionHost } from './MemberActionHost';
import type { MemberAction } from './member-sheet';
import { MemberActionsSheet } from './MemberActionsSheet';
import { MemberRecharge, MemberSpend, MemberStatus, MemberValidity, MemberWho } from './MemberCells';
import { memberName } from './member-status';

interface MemberFilterDraft {
  keyword: string;
  status: SubStatus | '';
  roleId: string;
  expired: '' | '0' | '1';
}

const EMPTY: MemberFilterDraft = { keyword: '', status: '', roleId: '', expired: '' };

function requestOf(draft: MemberFilterDraft): MemberFilter {
  const request: MemberFilter = {};
  if (draft.keyword.trim()) request.keyword = draft.keyword.trim();
  if (draft.status) request.status = draft.status;
  if (draft.roleId) request.roleId = draft.roleId;
  if (draft.expired) request.expired = draft.expired;
  return request;
}

export function MembersPanel() {
  const { t } = useTranslation(TEAM_NS);
  const { draft, applied, pageNo, setPageNo, set, ...form } = useFilterForm({
    initial: EMPTY,
    empty: EMPTY,
    problemOf: () => null,
    requestOf,
  });
  const filter = requestOf(applied);
  const members = useMembers(filter, pageNo);
  const roles = useRoleEnum();
  const [inviting, setInviting] = useState(false);
  const [menuFor, setMenuFor] = useState<SubAccountView | null>(null);
  const [active, setActive] = useState<{ member: SubAccountView; action: MemberAction } | null>(null);

  const columns: DataColumn<SubAccountView>[] = [
    {
      key: 'member',
      title: t('members.column.member'),
      primary: true,
      render: (member) => <MemberWho member={member} />,
    },
    {
      key: 'status',
      title: t('members.column.status'),
      render: (member) => <MemberStatus member={member} />,
    },
    { key: 'role', title: t('members.column.role'), render: (member) => member.roleName },
    {
      key: 'validUntil',
      title: t('members.column.validUntil'),
      render: (member) => <MemberValidity member={member} />,
    },
    {
      key: 'usdConsumption',
      title: t('members.column.usdConsumption'),
      align: 'end',
      render: (member) => <MemberSpend member={member} />,
    },
    {
      key: 'recharge',
      title: t('members.column.recharge'),
      align: 'end',
      render: (member) => <MemberRecharge member={member} />,
    },
    {
      key: 'tradeCount',
      title: t('members.column.tradeCount'),
      align: 'end',
      render: (member) => member.figures.tradeCount,
    },
  ];

  const roleName = roles.data?.find((role) => role.id === applied.roleId)?.name ?? applied.roleId;
  const emptyState = useListEmpty({
    subject: t('members.emptySubject'),
    facts: [
      applied.keyword.trim() && {
        kind: 'contains',
        label: t('members.filter.keyword'),
        value: applied.keyword.trim(),
      },
      applied.status && {
        kind: 'is',
        label: t('members.filter.status'),
        value: t(`members.status.${applied.status}`),
      },
      applied.roleId && { kind: 'is', label: t('members.filter.role'), value: roleName ?? '' },
      applied.expired !== '' && {
        kind: 'is',
        label: t('members.filter.validity'),
        value: t(applied.expired === '1' ? 'members.filter.expiredFact' : 'members.filter.validFact'),
      },
    ],
    // The same invitation as the button above the list.
    firstUse: t('members.empty'),
    create: { label: t('members.invite'), onClick: () => setInviting(true) },
    onClear: form.clear,
  });
  return (
    <div className="cp-team-panel" data-testid="members-panel">
      <div className="cp-team-panel__bar">
        <Button color="primary" onClick={() => setInviting(true)} data-testid="invite-open">
          {t('members.invite')}
        </Button>
      </div>
      <FilterPanel
        onSearch={() => form.search(() => void members.refetch())}
        onClear={form.clear}
        activeCount={Object.keys(filter).length}
        searching={members.isFetching}
        data-testid="members-filter"
      >
        <TextField
          name="keyword"
          label={t('members.filter.keyword')}
          placeholder={t('members.filter.keywordPlaceholder')}
          value={draft.keyword}
          onChange={set('keyword')}
          maxLength={64}
          autoComplete="off"
          data-testid="members-filter-keyword"
        />
        <SelectField<SubStatus | ''>
          label={t('members.filter.status')}
          name="status"
          value={draft.status}
          onChange={set('status')}
          options={[
            { value: '', label: t('members.filter.allStatuses') },
            ...(['online', 'invited', 'frozen'] as const).map((value) => ({
              value,
              label: t(`members.status.${value}`),
            })),
          ]}
        />
        <SelectField<string>
          label={t('members.filter.role')}
          name="roleId"
          value={draft.roleId}
          onChange={set('roleId')}
          options={[
            { value: '', label: t('members.filter.allRoles') },
            ...(roles.data ?? []).map((role) => ({ value: role.id, label: role.name })),
          ]}
        />
        <SelectField<'' | '0' | '1'>
          label={t('members.filter.validity')}
          name="expired"
          value={draft.expired}
          onChange={set('expired')}
          options={[
            { value: '', label: t('members.filter.allValidity') },
            { value: '0', label: t('members.filter.validOnly') },
            { value: '1', label: t('members.filter.expiredOnly') },
          ]}
        />
      </FilterPanel>

      <DataList
        columns={columns}
        rows={members.data?.data ?? []}
        rowKey={(member) => member.id}
        caption={t('members.caption')}
        total={members.data?.total}
        pageNo={pageNo}
        pageSize={MEMBER_PAGE_SIZE}
        onPageChange={setPageNo}
        onRefresh={() => members.refetch()}
        loading={members.isFetching}
        {...emptyState}
        actions={(member) => (
          <Button
            size="small"
            fill="outline"
            onClick={() => setMenuFor(member)}
            aria-label={t('members.actionsOf', { name: memberName(member) })}
            data-testid={`member-manage-${member.email}`}
          >
            {t('members.manage')}
          </Button>
        )}
        data-testid="members-list"
      />

      <MemberActionsSheet
        member={menuFor}
        onClose={() => setMenuFor(null)}
        onAction={(member, action) => {
          setMenuFor(null);
          setActive({ member, action });
        }}
      />
      <MemberActionHost active={active} onClose={() => setActive(null)} />
      {inviting ? <InviteSheet onClose={() => setInviting(false)} /> : null}
    </div>
  );
}
