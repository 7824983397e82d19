/**
 * `userInfo` of the signed-in main account (GET /api/user/info, and the answer of editByCode), with
 * its allowed route ids and keys (the main set; docs/decisions.md "Sub-accounts and roles").
 */
import type { UserInfo } from '@contract/account';
import { mainAccessGrant } from '@contract/permissions';
import type { AppContext } from '../../../context';
import type { SessionAccount, SessionPrincipal } from '../../../lib/session';
import { loadAccount } from '../load-account';

/** Takes the session lookup's account fields, or a whole account row (which has them all). */
export function toUserInfo(account: SessionAccount): UserInfo {
  return {
    userId: account.id,
    email: account.email,
    nickname: account.nickname,
    mobile: account.mobile,
    accountType: account.accountType,
    inviteCode: account.inviteCode,
    googleBound: account.googleSecret !== null,
    createdAt: account.createdAt.toISOString(),
    // The column is CHECKed to 0 or 1; anything but 0 is the feature on (spec §2: "on, or unset").
    statusList: { subSwitch: account.subSwitch === 0 ? 0 : 1 },
  };
}

/** The account row the session was authenticated with saves a second query (the hot path). */
export async function readUserInfo(ctx: AppContext, principal: SessionPrincipal): Promise<UserInfo> {
  const account = principal.account ?? (await loadAccount(ctx, principal.accountId));
  return { ...toUserInfo(account), ...mainAccessGrant(account.subSwitch) };
}
