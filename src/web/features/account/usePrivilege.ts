/** The account's rate plan (spec §3 "User plan/privilege"), shown in the header's user menu. A header load. */
import { useQuery } from '@tanstack/react-query';
import { userPrivilege } from '../../../contract/account';
import { headerLoad } from '../../lib/header-load';
import { hasAccessToken } from '../../lib/session';

export const privilegeQueryKey = ['account', 'privilege'] as const;

export function usePrivilege(enabled = true) {
  return useQuery({
    queryKey: privilegeQueryKey,
    queryFn: ({ signal }) => headerLoad(userPrivilege, {}, signal),
    enabled: () => enabled && hasAccessToken(),
    // The plan changes only through customer service: no need to ask on every page.
    staleTime: 10 * 60_000,
  });
}
