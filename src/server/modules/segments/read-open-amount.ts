/** `group/openAmount`: what opening one card of a segment takes, and how many cards are left this month. */
import type { z } from 'zod';
import { currencyCode } from '../../../contract/core';
import type { groupOpenAmount } from '../../../contract/segments';
import type { AppContext } from '../../context';
import { feeScheduleFor } from '../cards/open/pricing';
import { requireSegment } from './find-segment';
import { monthlyAllowance } from './monthly-cards';

export type OpenAmount = z.infer<(typeof groupOpenAmount)['response']>;

export async function readOpenAmount(
  ctx: AppContext,
  accountId: string,
  segmentId: string,
): Promise<OpenAmount> {
  const db = ctx.database.db;
  const segment = await requireSegment(db, segmentId);
  const schedule = await feeScheduleFor(db, accountId, segment, ctx.now());
  const allowance = await monthlyAllowance(db, accountId, ctx.now());
  return {
    segmentId: segment.id,
    currency: currencyCode.parse(segment.currency),
    minFirstRecharge: schedule.minFirstRecharge,
    openFee: schedule.openFee,
    rechargeFeeBp: schedule.rechargeFeeBp,
    monthlyCardsLeft: allowance.left,
  };
}
