/**
 * A wrong captcha answer costs (issue 13 §2): it spends the challenge (captcha-store.ts) and counts
 * against the source address; after WRONG_CAPTCHA_LIMIT wrong answers in 15 minutes the address
 * gets 429 for new challenges and answers until the oldest leaves the window. With the arithmetic
 * challenge's answer space (about 1 in 90 for the likeliest sum) a machine guessing blindly wins
 * about once in 18 windows — more than four hours — instead of once in eight requests.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { signinFailures } from '../../../db/schema';
import { fail } from '../../../lib/errors';

export const WRONG_CAPTCHA_LIMIT = 5;
const WINDOW_MS = 15 * 60_000;
const subject = (ip: string) => `captcha-wrong:${ip}`;

export async function refuseCaptchaGuessing(ctx: AppContext, ip: string): Promise<void> {
  const since = new Date(ctx.now().getTime() - WINDOW_MS);
  const wrong = await ctx.database.db
    .select({ createdAt: signinFailures.createdAt })
    .from(signinFailures)
    .where(and(eq(signinFailures.subject, subject(ip)), gt(signinFailures.createdAt, since)))
    .orderBy(asc(signinFailures.createdAt));
  if (wrong.length < WRONG_CAPTCHA_LIMIT) return;
  const oldest = wrong[wrong.length - WRONG_CAPTCHA_LIMIT]!.createdAt.getTime();
  throw fail.rateLimited(Math.max(1, Math.ceil((oldest + WINDOW_MS - ctx.now().getTime()) / 1000)));
}

export async function countWrongCaptcha(ctx: AppContext, ip: string): Promise<void> {
  await ctx.database.db.insert(signinFailures).values({ subject: subject(ip), createdAt: ctx.now() });
}
