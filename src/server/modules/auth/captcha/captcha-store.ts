/**
 * Captchas (captchas table): the image kind, the arithmetic kind and the ticket that a solved
 * arithmetic challenge turns into. Answers are stored only as keyed hashes; every row lives 5 minutes
 * and is spent by its first use, right or wrong, so an answer cannot be guessed at repeatedly.
 * Row ids carry the kind (`image:<id>`) so a client-chosen image id can never touch another kind.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { captchas } from '../../../db/schema';
import { newId, newToken, safeEqual } from '../../../lib/crypto';

export const CAPTCHA_TTL_SECONDS = 300;

export type CaptchaKind = (typeof captchas.$inferInsert)['kind'];

const rowId = (kind: CaptchaKind, id: string) => `${kind}:${id}`;

/**
 * People type what they see, so their answers are compared without case or surrounding space; a
 * ticket's secret is machine-made and compared exactly.
 */
function answerHash(ctx: AppContext, kind: CaptchaKind, answer: string): string {
  const typed = kind === 'ticket' ? answer : answer.trim().toLowerCase();
  return ctx.box.hmac(`captcha:${kind}`, typed);
}

/** Store (or, for a repeated image id, replace) a challenge with a fresh lifetime. */
export async function storeCaptcha(
  ctx: AppContext,
  kind: CaptchaKind,
  id: string,
  answer: string,
): Promise<void> {
  const now = ctx.now();
  const fresh = {
    answerHash: answerHash(ctx, kind, answer),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    usedAt: null,
    createdAt: now,
  };
  await ctx.database.db
    .insert(captchas)
    .values({ id: rowId(kind, id), kind, ...fresh })
    .onConflictDoUpdate({ target: captchas.id, set: fresh });
}

/** Spend a live challenge and tell whether the answer was right. */
export async function spendCaptcha(
  ctx: AppContext,
  kind: CaptchaKind,
  id: string,
  answer: string,
): Promise<boolean> {
  const [spent] = await ctx.database.db
    .update(captchas)
    .set({ usedAt: ctx.now() })
    .where(and(eq(captchas.id, rowId(kind, id)), isNull(captchas.usedAt), gt(captchas.expiresAt, ctx.now())))
    .returning({ answerHash: captchas.answerHash });
  return spent !== undefined && safeEqual(spent.answerHash, answerHash(ctx, kind, answer));
}

/** A ticket is `<id>.<secret>`: the id finds the row, the secret is what only the solver holds. */
export async function issueCaptchaTicket(
  ctx: AppContext,
): Promise<{ captchaTicket: string; expiresIn: number }> {
  const id = newId();
  const secret = newToken();
  await storeCaptcha(ctx, 'ticket', id, secret);
  return { captchaTicket: `${id}.${secret}`, expiresIn: CAPTCHA_TTL_SECONDS };
}

export function spendCaptchaTicket(ctx: AppContext, ticket: string): Promise<boolean> {
  const dot = ticket.indexOf('.');
  if (dot < 1) return Promise.resolve(false);
  return spendCaptcha(ctx, 'ticket', ticket.slice(0, dot), ticket.slice(dot + 1));
}
