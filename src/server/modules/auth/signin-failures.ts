/**
 * Recent failed sign-ins, counted per account and per client address (signin_failures). Three within
 * 15 minutes for either subject and the password sign-in demands a captcha: guessing is slowed down
 * both for one account attacked from many places and for one place trying many accounts.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { signinFailures } from '../../db/schema';
import { claimSlots } from '../../lib/limit-claim';

export const CAPTCHA_AFTER_FAILURES = 3;
export const FAILURE_WINDOW_MS = 15 * 60_000;

const accountSubject = (accountId: string) => `account:${accountId}`;

/**
 * The subjects an attempt counts against: the client's address, and the sign-in address it named —
 * the account's id when it has one, else the typed address itself (issue 29 §10). So three failures
 * for an unknown address demand the captcha exactly as for a registered one: the demand tells
 * nobody who is registered ("No account enumeration").
 */
export function failureSubjects(ip: string, accountId: string | null, address?: string): string[] {
  const named = accountId ?? (address ? `nobody:${address.toLowerCase()}` : null);
  return named ? [`ip:${ip}`, accountSubject(named)] : [`ip:${ip}`];
}

export async function recordSigninFailure(ctx: AppContext, subjects: string[]): Promise<void> {
  await ctx.database.db
    .insert(signinFailures)
    .values(subjects.map((subject) => ({ subject, createdAt: ctx.now() })));
}

/**
 * Claim one of the captcha-free tries of every subject before the password is judged
 * (lib/limit-claim.ts, issue 29 §9): the ids of the claimed rows — kept as the failures when the
 * password is wrong, released when it is right — or null when the captcha is demanded. A burst of
 * concurrent sign-ins gets at most CAPTCHA_AFTER_FAILURES judged without a captcha.
 */
export async function claimCaptchaFreeTry(ctx: AppContext, subjects: string[]): Promise<number[] | null> {
  const limits = subjects.map((subject) => ({
    subject,
    limit: CAPTCHA_AFTER_FAILURES,
    windowMs: FAILURE_WINDOW_MS,
  }));
  const claim = await claimSlots(ctx.database.db, limits, ctx.now());
  return claim.ok ? claim.ids : null;
}

/**
 * A successful sign-in clears the account's count. The address count stays: otherwise one's own
 * account would reset the counter used against guessing at other accounts.
 */
export async function forgetAccountFailures(tx: Executor, accountId: string): Promise<void> {
  await tx.delete(signinFailures).where(eq(signinFailures.subject, accountSubject(accountId)));
}
