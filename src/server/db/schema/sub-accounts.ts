/**
 * Sub-accounts (team members of a main account), their roles and invitations. Figures (spend,
 * recharges, transaction count, monthly use) are not stored: they are summed from the ledger and
 * card records when read.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * A role: a named set of permission keys (src/contract/permissions.ts). The keys are one array
 * column, read with the session in the same statement, and replaced as a whole: a role's keys
 * change together or not at all.
 */
export const subRoles = pgTable(
  'sub_roles',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    remark: text('remark'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sub_roles_account_name_key').on(t.accountId, t.name)],
);

export const subAccounts = pgTable(
  'sub_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The member's number, shown as `subUid`. */
    subUid: text('sub_uid').notNull(),
    email: text('email').notNull(),
    /** Null while invited (no password chosen yet) and after a reset. */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    wechat: text('wechat'),
    mobile: text('mobile'),
    status: text('status', { enum: ['invited', 'online', 'frozen'] })
      .notNull()
      .default('invited'),
    roleId: text('role_id')
      .notNull()
      .references(() => subRoles.id),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    expiryPolicy: text('expiry_policy', { enum: ['keep', 'freeze', 'moveToOwner'] })
      .notNull()
      .default('keep'),
    /** Set once the expiry policy ran for the current validity; cleared by a renewal. */
    expiryAppliedAt: timestamp('expiry_applied_at', { withTimezone: true }),
    /** Set once the 7-day reminder went out for the current validity; cleared by a renewal. */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    /** Monthly limits in minor units; null = none. */
    cnyRechargeLimit: bigint('cny_recharge_limit', { mode: 'number' }),
    usdRechargeLimit: bigint('usd_recharge_limit', { mode: 'number' }),
    usdSpendLimit: bigint('usd_spend_limit', { mode: 'number' }),
    lang: text('lang').notNull().default('zh-CN'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sub_accounts_email_key').on(t.email),
    uniqueIndex('sub_accounts_sub_uid_key').on(t.subUid),
    index('sub_accounts_account_idx').on(t.accountId, t.createdAt),
    index('sub_accounts_role_idx').on(t.roleId),
    index('sub_accounts_valid_until_idx').on(t.validUntil),
    check(
      'sub_accounts_limits_check',
      sql`coalesce(${t.cnyRechargeLimit}, 0) >= 0 and coalesce(${t.usdRechargeLimit}, 0) >= 0 and coalesce(${t.usdSpendLimit}, 0) >= 0`,
    ),
  ],
);

/** A one-time set-password link: the token is stored as its SHA-256 only. */
export const subInvitations = pgTable(
  'sub_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    subAccountId: text('sub_account_id')
      .notNull()
      .references(() => subAccounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sub_invitations_sub_idx').on(t.subAccountId)],
);

/**
 * Every sign-in address, main accounts' and members' alike, lower-cased: the primary key makes one
 * address sign in one user. Kept by triggers on `accounts` and `sub_accounts` (migration 0026) in
 * the transaction of each insert or address change, so no writer can forget it; the server reads
 * it in one place (lib/sign-in-address.ts). Exactly one of the two holders is set.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    address: text('address').primaryKey(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    subAccountId: text('sub_account_id').references(() => subAccounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('sign_in_addresses_one_holder', sql`(${t.accountId} is null) <> (${t.subAccountId} is null)`),
    index('sign_in_addresses_account_idx').on(t.accountId),
    index('sign_in_addresses_sub_account_idx').on(t.subAccountId),
  ],
);
