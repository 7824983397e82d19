/** The account facts the sign-in and reset flows need, looked up by address or id. */
import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts, subAccounts, subRoles } from '../../db/schema';
import type { Lang } from '../../lib/i18n';

export interface SigninAccount {
  id: string;
  email: string;
  passwordHash: string;
  status: 'active' | 'frozen' | 'cancelled';
  googleBound: boolean;
  lockedUntil: Date | null;
  /** The language the account signed up in: notices about the account are written in it. */
  lang: Lang;
  /** Main accounts: whether the sub-account pages are on (the allowed route ids depend on it). */
  subSwitch: number;
  /**
   * Set when the address is a sub-account's: `id` is then the member's id, and the session opens
   * on `ownerId` (the main account) narrowed to the member, holding the role's keys.
   */
  sub: { ownerId: string; permissions: string[] } | null;
}

async function findOne(ctx: AppContext, where: SQL): Promise<SigninAccount | null> {
  const [row] = await ctx.database.db
    .select({
      id: accounts.id,
      email: accounts.email,
      passwordHash: accounts.passwordHash,
      status: accounts.status,
      googleSecret: accounts.googleSecret,
      lockedUntil: accounts.lockedUntil,
      lang: accounts.lang,
      subSwitch: accounts.subSwitch,
    })
    .from(accounts)
    .where(where)
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    status: row.status,
    // Only whether it is bound matters here; the sealed secret stays with lib/totp.
    googleBound: row.googleSecret !== null,
    lockedUntil: row.lockedUntil,
    lang: row.lang === 'en' ? 'en' : 'zh-CN',
    subSwitch: row.subSwitch,
    sub: null,
  };
}

/** Addresses arrive lower-cased by the contract's `email` field, as they were stored. */
export function findAccountByEmail(ctx: AppContext, email: string): Promise<SigninAccount | null> {
  return findOne(ctx, eq(accounts.email, email));
}

/**
 * Who signs in with this address: a main account, else a sub-account that has chosen its password
 * (addresses are unique across both). A member is `frozen` for sign-in while it or its main
 * account is; an invited member (no password yet) cannot sign in.
 */
export async function findSignInUser(ctx: AppContext, email: string): Promise<SigninAccount | null> {
  const main = await findAccountByEmail(ctx, email);
  if (main) return main;
  const [row] = await ctx.database.db
    .select({
      id: subAccounts.id,
      email: subAccounts.email,
      passwordHash: subAccounts.passwordHash,
      status: subAccounts.status,
      lang: subAccounts.lang,
      ownerId: subAccounts.accountId,
      ownerStatus: accounts.status,
      permissions: subRoles.permissions,
    })
    .from(subAccounts)
    .innerJoin(accounts, eq(accounts.id, subAccounts.accountId))
    .innerJoin(subRoles, eq(subRoles.id, subAccounts.roleId))
    .where(eq(subAccounts.email, email))
    .limit(1);
  if (!row?.passwordHash || row.status === 'invited') return null;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.passwordHash,
    status: row.status === 'online' && row.ownerStatus === 'active' ? 'active' : 'frozen',
    googleBound: false,
    lockedUntil: null,
    lang: row.lang === 'en' ? 'en' : 'zh-CN',
    subSwitch: 1,
    sub: { ownerId: row.ownerId, permissions: row.permissions },
  };
}

export function findAccountById(ctx: AppContext, id: string): Promise<SigninAccount | null> {
  return findOne(ctx, eq(accounts.id, id));
}
