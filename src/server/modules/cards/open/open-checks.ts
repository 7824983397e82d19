/**
 * The rules an opening must pass before anything is issued (issue 5 §2). The cost calls, `newCard`,
 * `batchOpenCard` and every row of `importData` use these same functions, so a quote, an opening
 * and an import refuse the same input with the same message.
 */
import type { DebitCurrency } from '@contract/cards';
import { currencyCode } from '@contract/core';
import type { Executor } from '../../../db/client';
import { fail } from '../../../lib/errors';
import { requireSegment } from '../../segments/find-segment';
import { monthlyAllowance } from '../../segments/monthly-cards';
import { moneyText } from '../../topups/money-text';
import { walletBalanceOf } from '../../wallet/read-wallet';
import type { FeeSchedule, SegmentRow } from './pricing';
import { checkLoadLimit, feeScheduleFor } from './pricing';

/** Cards cannot be opened from a segment in maintenance (the issuer is not taking new cards on it). */
export function checkSegmentOpen(segment: SegmentRow): void {
  if (segment.status !== 'open') throw fail.rule('server:cardOpen.segmentMaintenance');
}

/** The first load of each card is at least the segment's minimum. */
export function checkFirstLoad(schedule: FeeSchedule, amountPerCard: number): void {
  if (amountPerCard < schedule.minFirstRecharge)
    throw fail.rule('server:cardOpen.belowMinFirstRecharge', {
      min: moneyText(schedule.minFirstRecharge, currencyCode.parse(schedule.currency)),
    });
}

/** Segment, maintenance, minimum first load and the 1000 USD service threshold, in that order. */
export async function checkOpening(
  db: Executor,
  accountId: string,
  segmentId: string,
  amountPerCard: number,
  /** When the opening is priced (the fees in force then). */
  at: Date,
): Promise<{ segment: SegmentRow; schedule: FeeSchedule }> {
  const segment = await requireSegment(db, segmentId);
  checkSegmentOpen(segment);
  const schedule = await feeScheduleFor(db, accountId, segment, at);
  checkFirstLoad(schedule, amountPerCard);
  checkLoadLimit(segment.currency, amountPerCard);
  return { segment, schedule };
}

/** The plan's monthly allowance must cover all the cards of the request. */
export async function checkMonthlyLimit(
  db: Executor,
  accountId: string,
  count: number,
  now: Date,
): Promise<void> {
  const allowance = await monthlyAllowance(db, accountId, now);
  if (count > allowance.left)
    throw fail.rule(
      'server:cardOpen.monthlyLimit',
      { limit: allowance.limit, left: allowance.left },
      { limit: allowance.limit, left: allowance.left },
    );
}

/**
 * The wallet holds the total now. The ledger checks again when it charges (and has the last word);
 * this only spares the issuer cards that could never be paid for.
 */
export async function checkBalance(
  db: Executor,
  accountId: string,
  debitCurrency: DebitCurrency,
  total: number,
): Promise<void> {
  if ((await walletBalanceOf(db, accountId, debitCurrency)) < total)
    throw fail.rule('server:ledger.insufficientBalance', { currency: debitCurrency });
}
