/** Coupons (spec §7 "Coupons"): the list and the picker of card opening. */
import { couponEnum, couponList } from '../../../contract/coupons';
import { principalOf } from '../../lib/principal';
import type { Registrar } from '../../lib/route';
import { listCoupons } from './list-coupons';
import { usableCoupons } from './usable-coupons';

export function registerCouponsRoutes(register: Registrar): void {
  // Coupons belong to the account; a sub-account user's principal names the main account.
  register(couponList, (input, call) => listCoupons(call.app, principalOf(call).accountId, input));
  register(couponEnum, (input, call) => usableCoupons(call.app, principalOf(call).accountId, input.type));
}
