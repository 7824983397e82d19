/** Customer accounts and their plans. */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  feeCurrency: text('fee_currency').notNull(),
  openCardFee: bigint('open_card_fee', { mode: 'number' }).notNull(),
  rechargeFeeBp: integer('recharge_fee_bp').notNull(),
  monthlyCardLimit: integer('monthly_card_limit').notNull(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname'),
    mobile: text('mobile'),
    accountType: text('account_type', { enum: ['business', 'personal'] })
      .notNull()
      .default('business'),
    status: text('status', { enum: ['active', 'frozen', 'cancelled'] })
      .notNull()
      .default('active'),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    /** This account's own invitation code (6 digits, unique). */
    inviteCode: text('invite_code').notNull(),
    invitedBy: text('invited_by'),
    subSwitch: smallint('sub_switch').notNull().default(1),
    /** Google Authenticator secret, encrypted (AES-256-GCM); null when unbound. */
    googleSecret: text('google_secret'),
    /** A secret offered by getGoogleCode and not yet proven with bindGoogleCode. */
    googlePendingSecret: text('google_pending_secret'),
    /** Last accepted TOTP time step: a code is accepted once within its window. */
    googleLastStep: bigint('google_last_step', { mode: 'number' }),
    failedPasswords: integer('failed_passwords').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lang: text('lang').notNull().default('zh-CN'),
    /** Why and when an operator froze the account (status `frozen`); cleared on unfreezing. */
    frozenReason: text('frozen_reason'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(t.email),
    uniqueIndex('accounts_invite_code_key').on(t.inviteCode),
    check('accounts_sub_switch_check', sql`${t.subSwitch} in (0, 1)`),
  ],
);
