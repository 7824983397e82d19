/**
 * Recent failed sign-ins, counted per account and per client address (signin_failures). Three within
 * 15 minutes for either subject and the password sign-in demands a captcha: guessing is slowed down
 * both for one account attacked from many places and for one place trying many accounts.
 */
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { signinFailures } from '../../db/schema';

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

export async function captchaDemanded(ctx: AppContext, subjects: string[]): Promise<boolean> {
  const since = new Date(ctx.now().getTime() - FAILURE_WINDOW_MS);
  const counts = await ctx.database.db
    .select({ failures: count() })
    .from(signinFailures)
    .where(and(inArray(signinFailures.subject, subjects), gt(signinFailures.createdAt, since)))
    .groupBy(signinFailures.subject);
  return counts.some((c) => c.failures >= CAPTCHA_AFTER_FAILURES);
}

/**
 * A successful sign-in clears the account's count. The address count stays: otherwise one's own
 * account would reset the counter used against guessing at other accounts.
 */
export async function forgetAccountFailures(tx: Executor, accountId: string): Promise<void> {
  await tx.delete(signinFailures).where(eq(signinFailures.subject, accountSubject(accountId)));
}
