/**
 * HTTP <-> contract for sub-accounts (spec §7 "Sub-accounts"): every call is the main account's but
 * the member's own `self/*` calls.
 */
import {
  inviteAccept,
  inviteCheck,
  subAdd,
  subAddCode,
  subEditRole,
  subExpiryPolicy,
  subFrozen,
  subLimits,
  subList,
  subRenew,
  subResetPwd,
  subSelfPassword,
  subSelfProfile,
  subUserEnum,
} from '../../../contract/sub-accounts';
import { mainAccountOf, subAccountOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { addSub, sendSubAddCode } from './add-sub';
import { changeOwnPassword } from './change-own-password';
import { changeSubRole } from './change-sub-role';
import { editOwnProfile } from './edit-own-profile';
import { freezeSub } from './freeze-sub';
import { acceptInvitation, checkInvitation } from './invitations';
import { enumSubs, listSubs } from './list-subs';
import { renewSub } from './renew-sub';
import { resetSubPassword } from './reset-sub-password';
import { setExpiryPolicy } from './set-expiry-policy';
import { setSubLimits } from './set-sub-limits';

export function registerSubAccountsRoutes(register: Registrar): void {
  register(subList, (input, call) => listSubs(call.app, mainAccountOf(call).accountId, input));
  register(subUserEnum, (_input, call) => enumSubs(call.app, mainAccountOf(call).accountId));
  register(subAddCode, (_input, call) => sendSubAddCode(call.app, mainAccountOf(call).accountId, call.lang));
  register(subAdd, async (input, call) => {
    const view = await addSub(call.app, mainAccountOf(call).accountId, input, call.lang);
    call.auditDetail = { subAccountId: view.id, email: view.email, roleId: view.roleId };
    return view;
  });

  register(inviteCheck, (input, call) => checkInvitation(call.app, input.token));
  register(inviteAccept, async (input, call) => {
    const accepted = await acceptInvitation(call.app, input.token, input.password);
    call.actingAccountId = accepted.accountId;
    return { email: accepted.email };
  });

  register(subFrozen, (input, call) =>
    freezeSub(call.app, call, mainAccountOf(call).accountId, input.subAccountId, input.frozen),
  );
  register(subResetPwd, async (input, call) => {
    await resetSubPassword(call.app, call, mainAccountOf(call).accountId, input.subAccountId);
    return null;
  });
  register(subRenew, (input, call) =>
    renewSub(call.app, call, mainAccountOf(call).accountId, input.subAccountId, input.validUntil),
  );
  register(subEditRole, (input, call) =>
    changeSubRole(call.app, call, mainAccountOf(call).accountId, input.subAccountId, input.roleId),
  );
  register(subLimits, ({ subAccountId, ...limits }, call) =>
    setSubLimits(call.app, call, mainAccountOf(call).accountId, subAccountId, limits),
  );
  register(subExpiryPolicy, (input, call) =>
    setExpiryPolicy(call.app, call, mainAccountOf(call).accountId, input.subAccountId, input.expiryPolicy),
  );

  register(subSelfPassword, async (input, call) => {
    await changeOwnPassword(call.app, call, subAccountOf(call), input, call.lang);
    return null;
  });
  register(subSelfProfile, (input, call) => editOwnProfile(call.app, call, subAccountOf(call), input));
}
