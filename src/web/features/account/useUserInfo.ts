/**
 * The signed-in account's profile; each fresh copy is stored as `userInfo` (and the permissions
 * derived from it) for the guards. A header load: failures are silent and keep the last copy.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { info } from '../../../contract/account';
import { headerLoad } from '../../lib/header-load';
import { saveUserInfo } from '../../lib/session';

export const userInfoQueryKey = ['account', 'info'] as const;

export function useUserInfo() {
  const query = useQuery({
    queryKey: userInfoQueryKey,
    queryFn: ({ signal }) => headerLoad(info, {}, signal),
  });
  useEffect(() => {
    if (query.data) saveUserInfo(query.data);
  }, [query.data]);
  return query;
}
