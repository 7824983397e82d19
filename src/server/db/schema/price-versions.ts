/**
 * Fee changes made by operators, each effective from a stated time (issue 31 §2). A rate plan's
 * version holds its whole terms: fees and the monthly card allowance. The fees that apply
 * at a moment are those of the latest version whose `effective_from` has passed, else the columns of
 * `card_segments` / `plans` (the fees before any change). Versions are never updated: a change is a
 * new row, and only a version that has not taken effect yet may be withdrawn (deleted). A price is
 * worked out for the moment its order was priced (modules/pricing/fee-versions.ts), so an order in
 * flight keeps its price whatever takes effect meanwhile.
 */
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { plans } from './accounts';
import { cardSegments } from './cards';

export const segmentFeeVersions = pgTable(
  'segment_fee_versions',
  {
    segmentId: text('segment_id')
      .notNull()
      .references(() => cardSegments.id),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    openFee: bigint('open_fee', { mode: 'number' }).notNull(),
    rechargeFeeBp: integer('recharge_fee_bp').notNull(),
    minFirstRecharge: bigint('min_first_recharge', { mode: 'number' }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'segment_fee_versions_pkey', columns: [t.segmentId, t.effectiveFrom] })],
);

export const planFeeVersions = pgTable(
  'plan_fee_versions',
  {
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    openCardFee: bigint('open_card_fee', { mode: 'number' }).notNull(),
    rechargeFeeBp: integer('recharge_fee_bp').notNull(),
    /** The plan's monthly card allowance from this version on (migration 0037; was the plan row's only). */
    monthlyCardLimit: integer('monthly_card_limit').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'plan_fee_versions_pkey', columns: [t.planCode, t.effectiveFrom] })],
);
