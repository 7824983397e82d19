/**
 * The signed-in account's profile; each fresh copy is stored as `userInfo` (and the permissions
 * derived from it) for the guards. A header load: failures are silent and keep the last copy.
 *
 * The live stream's `account` event refreshes it the moment it changes (lib/live.ts); while the
 * stream is down it is read again every USER_INFO_POLL_MS instead, so a member's rights still
 * follow the owner's changes — polling as the fallback only.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { info } from '../../../contract/account';
import { headerLoad } from '../../lib/header-load';
import { liveConnectedAtom } from '../../lib/live-events';
import { saveUserInfo } from '../../lib/session';

export const userInfoQueryKey = ['account', 'info'] as const;

export const USER_INFO_POLL_MS = 60_000;

export function useUserInfo() {
  const live = useAtomValue(liveConnectedAtom);
  const query = useQuery({
    queryKey: userInfoQueryKey,
    queryFn: ({ signal }) => headerLoad(info, {}, signal),
    refetchInterval: live ? false : USER_INFO_POLL_MS,
  });
  useEffect(() => {
    if (query.data) saveUserInfo(query.data);
  }, [query.data]);
  return query;
}
