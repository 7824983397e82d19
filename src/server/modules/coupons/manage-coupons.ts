/**
 * Coupons in the console (issue 31 §2): an admin gives a customer a coupon, or ends one from a stated
 * time. A coupon is the customer's own; ending it moves its end forward to that time (now or later),
 * never back past it. A quote the customer already holds with the coupon is honoured only while the
 * coupon lasts: the opening re-checks it and answers 409 "quote again" when it has ended, so the
 * customer is never charged another price than the one shown (cards/open/open-cards.ts).
 */
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { accounts, coupons } from '../../db/schema';
import { newId, randomDigits } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { ActingOperator } from '../../lib/operator-actor';
import { audit } from '../../lib/operator-actor';
import type { CouponRow } from '../cards/open/pricing';

const SKEW_MS = 60_000;
export const COUPON_USES_MAX = 1_000;

export interface NewCoupon {
  email: string;
  type: 'open_fee' | 'recharge_fee';
  discountBp: number;
  availableTimes: number;
  expiresAt: Date;
  reason: string;
}

function auditView(row: CouponRow) {
  return {
    accountId: row.accountId,
    number: row.number,
    type: row.type,
    discountBp: row.discountBp,
    availableTimes: row.availableTimes,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function issueCoupon(
  ctx: AppContext,
  actor: ActingOperator,
  input: NewCoupon,
): Promise<CouponRow> {
  const now = ctx.now();
  if (
    !Number.isInteger(input.discountBp) ||
    input.discountBp < 1 ||
    input.discountBp > 10_000 ||
    !Number.isInteger(input.availableTimes) ||
    input.availableTimes < 1 ||
    input.availableTimes > COUPON_USES_MAX
  )
    throw fail.rule('server:operatorContent.coupons.invalid');
  if (input.expiresAt <= now) throw fail.rule('server:operatorContent.coupons.untilPast');
  return inTransaction(ctx.database.db, async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, input.email.trim().toLowerCase()))
      .limit(1);
    if (!account) throw fail.rule('server:operatorContent.coupons.customerNotFound');
    const row: CouponRow = {
      id: newId(),
      accountId: account.id,
      number: `CP${randomDigits(12)}`,
      type: input.type,
      discountBp: input.discountBp,
      availableTimes: input.availableTimes,
      expiresAt: input.expiresAt,
      createdAt: now,
    };
    await tx.insert(coupons).values(row);
    await audit(tx, actor, {
      action: 'coupons.issue',
      targetKind: 'coupon',
      targetId: row.id,
      before: null,
      after: auditView(row),
      reason: input.reason,
    });
    return row;
  });
}

/** Ends a coupon at `at` (now when absent): it cannot be used from then on. */
export async function endCoupon(
  ctx: AppContext,
  actor: ActingOperator,
  input: { couponId: string; at?: Date | undefined; reason: string },
): Promise<CouponRow> {
  const now = ctx.now();
  let at = input.at ?? now;
  if (at.getTime() < now.getTime() - SKEW_MS) throw fail.rule('server:operatorContent.coupons.untilPast');
  if (at < now) at = now;
  return inTransaction(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(coupons)
      .where(eq(coupons.id, input.couponId))
      .for('update')
      .limit(1);
    if (!row) throw fail.rule('server:operatorContent.coupons.notFound');
    const ends = row.expiresAt < at ? row.expiresAt : at;
    const [updated] = await tx
      .update(coupons)
      .set({ expiresAt: ends })
      .where(eq(coupons.id, row.id))
      .returning();
    if (!updated) throw new Error('coupon vanished while locked');
    await audit(tx, actor, {
      action: 'coupons.end',
      targetKind: 'coupon',
      targetId: row.id,
      before: auditView(row),
      after: auditView(updated),
      reason: input.reason,
    });
    return updated;
  });
}

/** A customer's coupons by sign-in address, newest first (at most 200). */
export async function customerCoupons(ctx: AppContext, email: string): Promise<CouponRow[]> {
  const db = ctx.database.db;
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email.trim().toLowerCase()))
    .limit(1);
  if (!account) throw fail.rule('server:operatorContent.coupons.customerNotFound');
  return db
    .select()
    .from(coupons)
    .where(eq(coupons.accountId, account.id))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(200);
}
