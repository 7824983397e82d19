/**
 * A wrong captcha answer costs (issue 13 §2): it spends the challenge (captcha-store.ts) and counts
 * against the source address; after WRONG_CAPTCHA_LIMIT wrong answers in 15 minutes the address
 * gets 429 for new answers until the oldest leaves the window. With the arithmetic challenge's
 * answer space (about 1 in 90 for the likeliest sum) a machine guessing blindly wins about once in
 * 18 windows — more than four hours — instead of once in eight requests.
 *
 * The slot is claimed before the answer is judged (lib/limit-claim.ts, issue 29 §9): a burst of
 * answers from one address has at most WRONG_CAPTCHA_LIMIT of them judged.
 */
import type { AppContext } from '../../../context';
import { claimThenJudge, refuseWhenFull } from '../../../lib/limit-claim';

export const WRONG_CAPTCHA_LIMIT = 5;
const WINDOW_MS = 15 * 60_000;
const subject = (ip: string) => `captcha-wrong:${ip}`;

const limitOf = (ip: string) => ({ subject: subject(ip), limit: WRONG_CAPTCHA_LIMIT, windowMs: WINDOW_MS });

/** No new challenge while the source's wrong answers fill the window (the answer would be refused). */
export async function refuseCaptchaGuessing(ctx: AppContext, ip: string): Promise<void> {
  await refuseWhenFull(ctx.database.db, limitOf(ip), ctx.now());
}

/** Judge a captcha answer inside the source's limit: 429 when it is spent, else whether it was right. */
export async function judgeCaptchaAnswer(
  ctx: AppContext,
  ip: string,
  judge: () => Promise<boolean>,
): Promise<boolean> {
  const outcome = await claimThenJudge(ctx.database.db, [limitOf(ip)], ctx.now(), async () =>
    (await judge()) ? 'right' : 'wrong',
  );
  return outcome === 'right';
}
