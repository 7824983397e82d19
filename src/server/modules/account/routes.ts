/**
 * HTTP <-> contract for the signed-in account. Calls that act on the main account itself take
 * `mainAccountOf` (a sub-account user gets 4030); the *ForSub calls take `subAccountOf`.
 */
import type { Overview } from '../../../contract/account';
import {
  bindGoogleCode,
  cancelCode,
  cancelSubmit,
  checkGoogleCode,
  editByCode,
  editCode,
  getGoogleCode,
  info,
  infoForSub,
  overviewCall,
  overviewForSub,
  resetPwdCode,
  resetPwdSubmit,
  stepUp,
  unbindGoogleCode,
  updatePwdByGoogleCode,
  userPrivilege,
} from '../../../contract/account';
import { mainAccountOf, principalOf, subAccountOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { issueStepUp } from '../../lib/step-up';
import { consumeGoogleCode } from '../../lib/totp';
import { bindGoogle } from './google/bind-google';
import { cancelAccount } from './close/cancel-account';
import { editProfile } from './profile/edit-profile';
import { offerGoogleSecret } from './google/offer-google-secret';
import type { OverviewFigures } from './overview/read-overview';
import { readOverview } from './overview/read-overview';
import { readPrivilege } from './profile/read-privilege';
import { readSubUserInfo } from '../sub-accounts/read-sub-self';
import { readUserInfo } from './profile/read-user-info';
import { resetPassword } from './password/reset-password';
import { sendAccountCode } from './send-account-code';
import { sendEditCode } from './profile/send-edit-code';
import { unbindGoogle } from './google/unbind-google';
import { updatePasswordByGoogle } from './google/update-password-by-google';

function toOverview(figures: OverviewFigures): Overview {
  return {
    cards: figures.cards,
    monthSpend: figures.monthSpend,
    monthTopUp: figures.monthTopUp,
    daily: figures.daily.map((day) => ({
      date: day.date,
      spend: day.spend,
      topUp: day.topUp,
    })),
  };
}

export function registerAccountRoutes(register: Registrar): void {
  // Both kinds of session: a member proves itself with its own password (lib/step-up.ts).
  register(stepUp, (input, call) => issueStepUp(call.app, call, input));

  // Both kinds of session (spec §3): a member's userInfo is built from its own row.
  register(info, (_input, call) => {
    const principal = principalOf(call);
    return principal.subAccountId === null
      ? readUserInfo(call.app, principal)
      : readSubUserInfo(call.app, subAccountOf(call));
  });

  register(overviewCall, async (_input, call) => {
    const { accountId } = mainAccountOf(call);
    return toOverview(await readOverview(call.app, { accountId, subAccountId: null }));
  });

  // Both kinds of session: the header shows the plan to sub-account users too.
  register(userPrivilege, (_input, call) => readPrivilege(call.app, principalOf(call).accountId, call.lang));

  register(infoForSub, async (_input, call) => {
    const user = await readSubUserInfo(call.app, subAccountOf(call));
    const { nickname, userId: subUid, mobile, sub, subAccount, Auths, AuthsMenu, subPermission } = user;
    return { nickname, subUid, mobile, subAccount, Auths, AuthsMenu, subPermission, ...(sub ? { sub } : {}) };
  });

  register(overviewForSub, async (_input, call) => {
    const { accountId, subAccountId } = subAccountOf(call);
    return toOverview(await readOverview(call.app, { accountId, subAccountId }));
  });

  register(resetPwdCode, (_input, call) =>
    sendAccountCode(call.app, mainAccountOf(call).accountId, 'resetPwd', call.lang),
  );

  register(resetPwdSubmit, async (input, call) => {
    await resetPassword(call.app, call, mainAccountOf(call), input, call.lang);
    return null;
  });

  register(editCode, (input, call) =>
    sendEditCode(call.app, call, mainAccountOf(call).accountId, input, call.lang),
  );

  register(editByCode, (input, call) => editProfile(call.app, call, mainAccountOf(call), input, call.lang));

  register(cancelCode, (_input, call) =>
    sendAccountCode(call.app, mainAccountOf(call).accountId, 'cancel', call.lang),
  );

  register(cancelSubmit, async (input, call) => {
    await cancelAccount(call.app, call, mainAccountOf(call), input, call.lang);
    return null;
  });

  register(getGoogleCode, (_input, call) => offerGoogleSecret(call.app, mainAccountOf(call).accountId));

  register(bindGoogleCode, async (input, call) => {
    await bindGoogle(call.app, mainAccountOf(call).accountId, input.googleCode);
    return null;
  });

  register(checkGoogleCode, async (input, call) => {
    await consumeGoogleCode(call.app, mainAccountOf(call).accountId, input.googleCode);
    return { valid: true as const };
  });

  register(unbindGoogleCode, async (input, call) => {
    await unbindGoogle(call.app, call, mainAccountOf(call), input, call.lang);
    return null;
  });

  register(updatePwdByGoogleCode, async (input, call) => {
    await updatePasswordByGoogle(call.app, call, mainAccountOf(call), input, call.lang);
    return null;
  });
}
