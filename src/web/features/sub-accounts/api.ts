/**
 * The team page's data (contract sub-accounts.ts and roles.ts): the member list, the roles, and
 * the caches every change refreshes. Figures and this month's use of the limits come with each
 * member, computed by the server on every read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RequestOf } from '../../../contract/core';
import { roleEnum, roleList } from '../../../contract/roles';
import { subList } from '../../../contract/sub-accounts';
import { call } from '../../lib/http';

export const MEMBERS_KEY = ['subAccounts', 'list'] as const;
export const ROLES_KEY = ['roles', 'list'] as const;
export const ROLE_ENUM_KEY = ['roles', 'enum'] as const;

export const MEMBER_PAGE_SIZE = 10;

export type MemberFilter = Omit<RequestOf<typeof subList>, 'pageNo' | 'pageSize'>;

export function useMembers(filter: MemberFilter, pageNo: number) {
  return useQuery({
    queryKey: [...MEMBERS_KEY, filter, pageNo],
    queryFn: ({ signal }) => call(subList, { ...filter, pageNo, pageSize: MEMBER_PAGE_SIZE }, { signal }),
    placeholderData: (previous) => previous,
  });
}

/** Every role with its keys and member count (an account has a handful: one page of 100). */
export function useRoles() {
  return useQuery({
    queryKey: ROLES_KEY,
    queryFn: ({ signal }) => call(roleList, { pageNo: 1, pageSize: 100 }, { signal }),
  });
}

export function useRoleEnum() {
  return useQuery({
    queryKey: ROLE_ENUM_KEY,
    queryFn: ({ signal }) => call(roleEnum, {}, { signal }),
  });
}

/** After any change: members (role names, counts) and roles (member counts) load again. */
export function useTeamRefresh() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: MEMBERS_KEY });
    void client.invalidateQueries({ queryKey: ['roles'] });
  }, [client]);
}
