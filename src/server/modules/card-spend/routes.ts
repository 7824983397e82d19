/**
 * HTTP <-> contract for card spending as the customer sees it: 3-D Secure codes, the scenario query
 * and the decline-rate notice and meter. The issuer's own events arrive through issuer-events-route.ts.
 */
import {
  cardGrade,
  declineRate,
  getOtp,
  getThreePool,
  riskNotice,
  riskNoticeAck,
} from '../../../contract/cards';
import { mainAccountOf, principalOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { ownerOf } from '../cards/card-access';
import { gradeMerchant } from './card-grade';
import { readDeclineRate } from './risk/read-decline-rate';
import { readOtps } from './otp/read-otps';
import { acknowledgeRiskNotice, readRiskNotice } from './risk/risk-notice';

export function registerCardSpendRoutes(register: Registrar): void {
  register(getOtp, (input, call) => readOtps(call.app, ownerOf(principalOf(call)), input.cardId));

  register(getThreePool, (_input, call) => readOtps(call.app, ownerOf(principalOf(call)), null));

  register(cardGrade, (input, call) => gradeMerchant(call.app, input.merchant, call.lang));

  // The freeze concerns the whole account, so sub-account users see it too.
  register(riskNotice, (_input, call) => readRiskNotice(call.app, principalOf(call).accountId));

  // The meter of the same rule: the account's figures, or a member's own cards'.
  register(declineRate, (_input, call) => readDeclineRate(call.app, ownerOf(principalOf(call))));

  // Only the account holder may put it away: a sub-account user must not hide it from them.
  register(riskNoticeAck, (input, call) =>
    acknowledgeRiskNotice(call.app, mainAccountOf(call).accountId, input.id),
  );
}
