/**
 * The console's content calls (contract/operator-content.ts): notices, prices, coupons, customers.
 * Thin: the guard has checked the session and permission and parsed the input; each handler calls
 * one operation with the acting operator, whose audit entries go to the audit log in the
 * operation's own transaction.
 */
import * as oc from '../../../contract/operator-content';
import type { AppContext } from '../../context';
import type { ActingOperator } from '../../lib/operator-actor';
import { customerCoupons, endCoupon, issueCoupon } from '../coupons/manage-coupons';
import { setCustomerFrozen } from '../customers/freeze-customer';
import { lookUpCustomer, searchCustomers } from '../customers/look-up-customer';
import { listConsoleNotices } from '../notices/manage/list-console-notices';
import { previewNotice } from '../notices/manage/preview-notice';
import { publishNotice } from '../notices/manage/publish-notice';
import { retireNotice } from '../notices/manage/retire-notice';
import { saveNotice } from '../notices/manage/save-notice';
import { changePlanFees, changeSegmentFees, withdrawFeeChange } from '../pricing/change-fees';
import { readPriceBook } from '../pricing/price-book';
import { setSegmentStatus } from '../segments/set-segment-status';
import { writeOperatorAudit } from './audit/write-operator-audit';
import type { OperatorCall, OperatorRegistrar } from './guard';

/** The signed-in operator as the content operations take it: its audit writer is the audit log. */
function acting(ctx: AppContext, call: OperatorCall): ActingOperator {
  const actor = call.actor;
  if (!actor) throw new Error('a content call without an operator session');
  return {
    operatorId: actor.operatorId,
    ip: actor.ip,
    audit: (tx, _acting, record) =>
      writeOperatorAudit(tx, ctx, {
        actor,
        action: record.action,
        target: { kind: record.targetKind, id: record.targetId },
        before: record.before,
        after: record.after,
        reason: record.reason,
      }),
  };
}

const couponView = (row: {
  id: string;
  number: string;
  type: 'open_fee' | 'recharge_fee';
  discountBp: number;
  availableTimes: number;
  expiresAt: Date;
  createdAt: Date;
}) => ({
  id: row.id,
  number: row.number,
  type: row.type,
  discountBp: row.discountBp,
  availableTimes: row.availableTimes,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export function registerContentRoutes(route: OperatorRegistrar, ctx: AppContext): void {
  route(oc.consoleNotices, (input) => listConsoleNotices(ctx, input));
  route(oc.saveConsoleNotice, (input, call) => saveNotice(ctx, acting(ctx, call), input));
  route(oc.previewConsoleNotice, (input) => previewNotice(input));
  route(oc.publishConsoleNotice, (input, call) => publishNotice(ctx, acting(ctx, call), input));
  route(oc.retireConsoleNotice, (input, call) =>
    retireNotice(ctx, acting(ctx, call), { id: input.id, reason: input.reason ?? null }),
  );

  route(oc.searchCustomersCall, (input) => searchCustomers(ctx, input.q));
  route(oc.customerDetailCall, (input) => lookUpCustomer(ctx, input.id));
  route(oc.freezeCustomerCall, (input, call) =>
    setCustomerFrozen(ctx, acting(ctx, call), {
      accountId: input.id,
      frozen: input.frozen,
      reason: input.reason,
    }),
  );

  route(oc.priceBookCall, () => readPriceBook(ctx));
  route(oc.changeSegmentFeesCall, (input, call) => changeSegmentFees(ctx, acting(ctx, call), input));
  route(oc.changePlanFeesCall, (input, call) => changePlanFees(ctx, acting(ctx, call), input));
  route(oc.withdrawFeeChangeCall, (input, call) => withdrawFeeChange(ctx, acting(ctx, call), input));
  route(oc.segmentStatusCall, (input, call) => setSegmentStatus(ctx, acting(ctx, call), input));

  route(oc.customerCouponsCall, async (input) => (await customerCoupons(ctx, input.email)).map(couponView));
  route(oc.issueCouponCall, async (input, call) =>
    couponView(await issueCoupon(ctx, acting(ctx, call), input)),
  );
  route(oc.endCouponCall, async (input, call) =>
    couponView(
      await endCoupon(ctx, acting(ctx, call), { couponId: input.id, at: input.at, reason: input.reason }),
    ),
  );
}
