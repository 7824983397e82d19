/** The account facts the sign-in and reset flows need, looked up by address or id. */
import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accounts } from '../../db/schema';
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
  };
}

/** Addresses arrive lower-cased by the contract's `email` field, as they were stored. */
export function findAccountByEmail(ctx: AppContext, email: string): Promise<SigninAccount | null> {
  return findOne(ctx, eq(accounts.email, email));
}

export function findAccountById(ctx: AppContext, id: string): Promise<SigninAccount | null> {
  return findOne(ctx, eq(accounts.id, id));
}
