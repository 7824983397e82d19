/** Top-ups by online channel and bank card (spec §7 "Finance"); the channel callback is in notify-route.ts. */
import {
  bankLimitImg,
  qrCreate,
  rechargeCheck,
  rechargeGetCode,
  rechargeInfo,
  rechargeStatus,
  topupAmount,
} from '../../../contract/finance';
import { mainAccountOf, principalOf } from '../../lib/principal';
import type { Call, Registrar } from '../../lib/route';
import { bankLimitsResponse } from './quotes/render-bank-limits';
import { checkOrder } from './orders/check-order';
import { createOrder } from './orders/create-order';
import { orderView } from './orders/order-view';
import { quoteTopup } from './quotes/quote-topup';
import { readOwnOrder } from './orders/read-order';
import { readTopupAmount } from './quotes/read-topup-amount';
import { sendRechargeCode } from './send-recharge-code';

const actorOf = (call: Call) => ({
  ip: call.ip,
  device: call.device,
  subAccountId: call.principal?.subAccountId ?? null,
});

export function registerTopupsRoutes(register: Registrar): void {
  register(topupAmount, async (_input, call) => readTopupAmount(call.app, principalOf(call).accountId));

  register(rechargeInfo, async (input) => quoteTopup(input.channel, input.amount));

  register(qrCreate, async (input, call) => {
    const { accountId } = mainAccountOf(call);
    return createOrder(
      call.app,
      {
        accountId,
        channel: input.channel,
        amount: input.amount,
        code: input.code,
        cardNo: input.cardNo,
        idempotencyKey: call.idempotencyKey,
      },
      call.lang,
    );
  });

  register(rechargeGetCode, async (_input, call) => {
    await sendRechargeCode(call.app, mainAccountOf(call).accountId, call.lang);
    return null;
  });

  register(rechargeStatus, async (input, call) =>
    orderView(await readOwnOrder(call.app, principalOf(call).accountId, input.orderId, actorOf(call))),
  );

  register(rechargeCheck, async (input, call) =>
    orderView(await checkOrder(call.app, principalOf(call).accountId, input.orderId, actorOf(call))),
  );

  register(bankLimitImg, async (_input, call) => bankLimitsResponse(call.lang));
}
