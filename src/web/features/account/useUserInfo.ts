/** The signed-in account's profile; each fresh copy is stored as `userInfo` for the guards. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { info } from '../../../contract/account';
import { call } from '../../lib/http';
import { saveUserInfo } from '../../lib/session';

export const userInfoQueryKey = ['account', 'info'] as const;

export function useUserInfo() {
  const query = useQuery({
    queryKey: userInfoQueryKey,
    queryFn: ({ signal }) => call(info, {}, { signal }),
  });
  useEffect(() => {
    if (query.data) saveUserInfo(query.data);
  }, [query.data]);
  return query;
}
