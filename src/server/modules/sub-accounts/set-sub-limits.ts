/** `/api/sub/limits`: monthly limits, checked by the money calls (monthly-limit.ts). */
import type { AppContext } from '../../context';
import type { Call } from '../../lib/route';
import { updateSub } from './update-sub';

export interface LimitInput {
  cnyRechargeLimit?: number | undefined;
  usdRechargeLimit?: number | undefined;
  usdSpendLimit?: number | undefined;
}

export function setSubLimits(
  ctx: AppContext,
  call: Call,
  accountId: string,
  subId: string,
  input: LimitInput,
) {
  return updateSub(
    ctx,
    call,
    accountId,
    subId,
    async () => ({
      cnyRechargeLimit: input.cnyRechargeLimit ?? null,
      usdRechargeLimit: input.usdRechargeLimit ?? null,
      usdSpendLimit: input.usdSpendLimit ?? null,
    }),
    (row) => ({
      cnyRechargeLimit: row.cnyRechargeLimit,
      usdRechargeLimit: row.usdRechargeLimit,
      usdSpendLimit: row.usdSpendLimit,
    }),
  );
}
