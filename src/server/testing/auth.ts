/** Helpers shared by the auth tests (not a test file itself). */
import { and, count, eq } from 'drizzle-orm';
import type { CallOptions, TestApp } from './harness';
import { accounts, mailOutbox } from '../db/schema';
import { settleMailQueue } from '../lib/mail-queue';
import { newGoogleSecret } from '../lib/totp';
import { issueCaptchaTicket } from '../modules/auth/captcha/captcha-store';

/** A test app whose client address comes from X-Forwarded-For, so each test can be its own address. */
export const TRUSTED_PROXY = { TRUST_PROXY: '1' } as const;

let addresses = 0;
/** A fresh client address, as call options. */
export function newAddress(): CallOptions & { headers: Record<string, string> } {
  addresses += 1;
  return {
    headers: { 'x-forwarded-for': `203.0.113.${addresses}`, 'user-agent': `auth-tests/${addresses}` },
  };
}

export const WRONG_PASSWORD = 'not-the-password-1';

/** A solved captcha, as the verify endpoint would hand it out. */
export async function captchaTicket(t: TestApp): Promise<string> {
  return (await issueCaptchaTicket(t.ctx)).captchaTicket;
}

export async function mailsTo(t: TestApp, email: string, subject?: string): Promise<number> {
  await settleMailQueue(t.ctx);
  const conditions = [eq(mailOutbox.to, email)];
  if (subject) conditions.push(eq(mailOutbox.subject, subject));
  const [row] = await t.ctx.database.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** Bind Google Authenticator directly (the account module owns the binding flow); returns the secret. */
export async function bindGoogle(t: TestApp, accountId: string): Promise<string> {
  const secret = newGoogleSecret();
  await t.ctx.database.db
    .update(accounts)
    .set({ googleSecret: t.ctx.box.seal(secret) })
    .where(eq(accounts.id, accountId));
  return secret;
}

export async function setStatus(
  t: TestApp,
  accountId: string,
  status: 'active' | 'frozen' | 'cancelled',
): Promise<void> {
  await t.ctx.database.db.update(accounts).set({ status }).where(eq(accounts.id, accountId));
}
