/**
 * The signed-in sub-account user as spec §3 names it (nickname, subUid, mobile). The sub-accounts
 * issue adds their table; until then the session's sub-account id is all there is to tell, and
 * nickname and mobile are unknown. That issue replaces the body with a read of its row.
 */
import type { z } from 'zod';
import type { subUserInfo } from '../../../contract/account';
import type { AppContext } from '../../context';
import type { SubPrincipal } from '../../lib/principal';

export type SubUserInfo = z.infer<typeof subUserInfo>;

export async function readSubUserInfo(_ctx: AppContext, principal: SubPrincipal): Promise<SubUserInfo> {
  return { subUid: principal.subAccountId, nickname: null, mobile: null };
}
