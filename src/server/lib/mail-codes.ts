/**
 * Six-digit e-mail codes: single-use, 10 minutes, bound to one purpose; at most 1 a minute per
 * address and purpose, and 10 a day per address; 5 wrong tries kill the code. Stored as keyed hashes only.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { inTransaction } from '../db/client';
import { emailCodes } from '../db/schema';
import { newId, randomDigits, safeEqual } from './crypto';
import { fail } from './errors';
import type { Lang } from './i18n';
import { translate } from './i18n';
import { renderMail } from './mail-templates';

export type CodePurpose = (typeof emailCodes.$inferInsert)['purpose'];

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
export const DAILY_LIMIT = 10;
export const MAX_WRONG_TRIES = 5;

export interface SendOptions {
  /** False when the address has no account: the answer and the limits stay the same, no mail goes out. */
  deliver?: boolean;
}

export async function sendMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  lang: Lang,
  options: SendOptions = {},
): Promise<{ expiresIn: number; resendIn: number }> {
  const code = randomDigits(6);
  const now = ctx.now();
  await inTransaction(ctx.database.db, async (tx) => {
    // Serialise sends per address so two concurrent requests cannot both pass the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-code:${email}`}))`);
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const recent = await tx
      .select({ createdAt: emailCodes.createdAt, purpose: emailCodes.purpose })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, dayAgo)))
      .orderBy(desc(emailCodes.createdAt));
    // The minute applies per purpose, so someone who just signed up can ask for a sign-in code at
    // once; the daily cap counts every purpose, which is what stops mail-bombing an address.
    const newest = recent.find((r) => r.purpose === purpose);
    if (newest) {
      const sinceLast = (now.getTime() - newest.createdAt.getTime()) / 1000;
      if (sinceLast < RESEND_SECONDS) throw fail.rateLimited(Math.ceil(RESEND_SECONDS - sinceLast));
    }
    if (recent.length >= DAILY_LIMIT) {
      const oldest = recent[recent.length - 1]!;
      throw fail.rateLimited(Math.ceil((oldest.createdAt.getTime() + 24 * 3600_000 - now.getTime()) / 1000));
    }
    // Only the newest code of a purpose is live.
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
      );
    await tx.insert(emailCodes).values({
      id: newId(),
      email,
      purpose,
      codeHash: ctx.box.hmac(`mail-code:${purpose}`, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  if (options.deliver !== false) {
    const subject = translate(lang, `server:mail.${purpose}.subject`);
    const text = translate(lang, 'server:mail.codeText', { code, minutes: CODE_TTL_SECONDS / 60 });
    await ctx.mail.send({ to: email, subject, text, html: renderMail(subject, text) });
  }
  return { expiresIn: CODE_TTL_SECONDS, resendIn: RESEND_SECONDS };
}

type Outcome = 'ok' | 'invalid' | 'wrong' | 'killed';

/**
 * Tries `code` against the live code of the purpose in its own transaction, so a wrong try is
 * counted even when the caller's work later fails: a wrong try counts, the fifth kills the code.
 * A right code is spent when `spend` says so.
 */
async function tryMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  code: string,
  spend: boolean,
): Promise<Outcome> {
  return inTransaction(ctx.database.db, async (tx) => {
    const [live] = await tx
      .select()
      .from(emailCodes)
      .where(
        and(
          eq(emailCodes.email, email),
          eq(emailCodes.purpose, purpose),
          isNull(emailCodes.consumedAt),
          gt(emailCodes.expiresAt, ctx.now()),
        ),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1)
      .for('update');
    if (!live) return 'invalid';
    if (!safeEqual(live.codeHash, ctx.box.hmac(`mail-code:${purpose}`, code))) {
      const attempts = live.attempts + 1;
      await tx
        .update(emailCodes)
        .set({ attempts, consumedAt: attempts >= MAX_WRONG_TRIES ? ctx.now() : null })
        .where(eq(emailCodes.id, live.id));
      return attempts >= MAX_WRONG_TRIES ? 'killed' : 'wrong';
    }
    if (spend) await tx.update(emailCodes).set({ consumedAt: ctx.now() }).where(eq(emailCodes.id, live.id));
    return 'ok';
  });
}

/** Check and spend a code. Throws 422 for a wrong, expired, spent or killed code. */
export async function consumeMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const outcome = await tryMailCode(ctx, email, purpose, code, true);
  if (outcome === 'ok') return;
  throw fail.rule(outcome === 'killed' ? 'server:errors.codeKilled' : 'server:errors.codeInvalid');
}

/**
 * Whether `code` is the live code, without spending it (a form can say "wrong code" before the
 * real request). A wrong guess counts exactly like one to consumeMailCode, so checking is no way
 * around the limit of wrong tries.
 */
export async function checkMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<boolean> {
  return (await tryMailCode(ctx, email, purpose, code, false)) === 'ok';
}
