/**
 * The signed-in sub-account user (spec §3: in sub-account mode nickname, userId and mobile come
 * from infoForSub's nickname, subUid and mobile). Only asked in a sub-account session; the server
 * refuses it (4030) to a main account. A header load.
 */
import { useQuery } from '@tanstack/react-query';
import { infoForSub } from '../../../contract/account';
import { headerLoad } from '../../lib/header-load';
import { hasAccessToken } from '../../lib/session';

export const subUserInfoQueryKey = ['account', 'infoForSub'] as const;

export function useSubUserInfo(enabled: boolean) {
  return useQuery({
    queryKey: subUserInfoQueryKey,
    queryFn: ({ signal }) => headerLoad(infoForSub, {}, signal),
    enabled: () => enabled && hasAccessToken(),
  });
}
