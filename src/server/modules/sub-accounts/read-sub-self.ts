/**
 * The signed-in member's own view: `userInfo` in sub-account mode (spec §3: nickname, userId from
 * the subUid, mobile), `infoForSub`, and the validity, role and limits for /subHome.
 */
import type { UserInfo } from '../../../contract/account';
import type { SubSelf } from '../../../contract/sub-accounts';
import { subAccessGrant } from '../../../contract/permissions';
import type { AppContext } from '../../context';
import type { SubPrincipal } from '../../lib/principal';
import type { SessionSub } from '../../lib/session';
import { loadAccount } from '../account/load-account';
import { figuresOf } from './sub-figures';
import { findOwnSub, limitsOf, monthStartOf } from './sub-view';

function sessionSubOf(principal: SubPrincipal): SessionSub {
  // The registrar authenticated this principal; a sub-account session always carries its member.
  if (!principal.sub) throw new Error('sub-account principal without its member');
  return principal.sub;
}

export async function readSubSelf(ctx: AppContext, principal: SubPrincipal): Promise<SubSelf> {
  const sub = sessionSubOf(principal);
  const db = ctx.database.db;
  const row = await findOwnSub(db, principal.accountId, sub.id);
  const month = await figuresOf(db, principal.accountId, [sub.id], monthStartOf(ctx.now()));
  return {
    subUid: sub.subUid,
    roleName: sub.roleName,
    validUntil: sub.validUntil.toISOString(),
    expired: sub.expired,
    expiryPolicy: row.expiryPolicy,
    limits: limitsOf(row, month.get(sub.id)!),
  };
}

export async function readSubUserInfo(ctx: AppContext, principal: SubPrincipal): Promise<UserInfo> {
  const sub = sessionSubOf(principal);
  const owner = principal.account ?? (await loadAccount(ctx, principal.accountId));
  return {
    userId: sub.subUid,
    email: sub.email,
    nickname: sub.nickname,
    mobile: sub.mobile,
    accountType: owner.accountType,
    // The rebate programme is the owner's.
    inviteCode: '',
    googleBound: false,
    createdAt: owner.createdAt.toISOString(),
    statusList: { subSwitch: 1 },
    ...subAccessGrant(sub.permissions),
    sub: await readSubSelf(ctx, principal),
  };
}
