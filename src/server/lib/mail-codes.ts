/**
 * Six-digit e-mail codes: single-use, 10 minutes, bound to one purpose; 5 wrong tries from the
 * address that asked for it kill the code, strangers' wrong tries never do (tryMailCode). Stored as
 * keyed hashes only.
 *
 * Sending limits throttle whoever asks, not the owner of the address (issue 13 §2): there is no
 * shared daily quota any more, which strangers could spend to leave a victim without any code.
 * - Per address and purpose, with back-off: the first RESEND_STEPS.length codes of an hour wait a
 *   minute after each other, later ones 5 then 15 minutes. Flooding the sign-up codes of an address
 *   delays nothing else (sign-in, forgotten password have their own count), and at worst the
 *   purpose flooded waits 15 minutes.
 * - Per source address, for the signed-out purposes: SOURCE_LIMIT requests in SOURCE_WINDOW_MS,
 *   then 429 — what actually stops one machine from mailing many addresses.
 * - Signed-out codes are queued (lib/mail-queue.ts) in the code's transaction and sent after the
 *   answer, so the answer and its timing do not depend on whether the address has an account, nor
 *   on the mail server being up. A queued mail that cannot be sent is withdrawn with its code and
 *   its counts, so asking again works at once.
 * - Signed-in codes are sent in the request: a send that fails does not count (the code row is
 *   removed) and the customer gets a translated "could not send, try again", with no cooldown.
 */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Code } from '../../contract/core';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { inTransaction } from '../db/client';
import { emailCodes, signinFailures } from '../db/schema';
import { newId, randomDigits, safeEqual } from './crypto';
import { AppError, fail } from './errors';
import type { Lang } from './i18n';
import { translate } from './i18n';
import { claimThenJudge } from './limit-claim';
import { enqueueMail, kickMailQueue } from './mail-queue';
import { renderMail } from './mail-templates';

export type CodePurpose = (typeof emailCodes.$inferInsert)['purpose'];

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
export const MAX_WRONG_TRIES = 5;
/** Wait after the n-th code of the last hour for one address and purpose (the last one repeats). */
export const RESEND_STEPS = [60, 60, 60, 60, 60, 300, 900];
const BACKOFF_WINDOW_MS = 3600_000;
/** Signed-out code requests per source address in the window. */
export const SOURCE_LIMIT = 20;
const SOURCE_WINDOW_MS = 15 * 60_000;
const SIGNED_OUT: ReadonlySet<CodePurpose> = new Set(['signup', 'login', 'forgetPwd']);
const sourceSubject = (ip: string) => `code-source:${ip}`;

export interface SendOptions {
  /** False when the address has no account: the answer and the limits stay the same, no mail goes out. */
  deliver?: boolean;
  /** The requester's address; signed-out purposes are limited per source. */
  ip?: string;
}

/** Seconds to wait after the newest of `recent` codes (newest first) of one address and purpose. */
export function resendWait(recentCount: number): number {
  return RESEND_STEPS[Math.min(Math.max(recentCount - 1, 0), RESEND_STEPS.length - 1)]!;
}

/** 429 while the source has made SOURCE_LIMIT signed-out code requests in the window. */
async function refuseBusySource(tx: Executor, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - SOURCE_WINDOW_MS);
  const recent = await tx
    .select({ createdAt: signinFailures.createdAt })
    .from(signinFailures)
    .where(and(eq(signinFailures.subject, sourceSubject(ip)), gt(signinFailures.createdAt, since)))
    .orderBy(asc(signinFailures.createdAt));
  if (recent.length < SOURCE_LIMIT) return;
  const oldest = recent[recent.length - SOURCE_LIMIT]!.createdAt.getTime();
  throw fail.rateLimited(Math.max(1, Math.ceil((oldest + SOURCE_WINDOW_MS - now.getTime()) / 1000)));
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
  const id = newId();
  const signedOut = SIGNED_OUT.has(purpose);
  const source = signedOut && options.ip ? options.ip : null;
  const deliver = options.deliver !== false;
  const subject = translate(lang, `server:mail.${purpose}.subject`);
  const text = translate(lang, 'server:mail.codeText', { code, minutes: CODE_TTL_SECONDS / 60 });
  const mail = { to: email, subject, text, html: renderMail(subject, text, lang) };
  const sourceRow = await inTransaction(ctx.database.db, async (tx) => {
    // Serialise sends per address so two concurrent requests cannot both pass the limits, and per
    // source (always after the address: one order, no deadlock) so a burst of requests for many
    // addresses from one source cannot all read the same count (issue 29 §9).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-code:${email}`}))`);
    if (source)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${sourceSubject(source)}`}))`);
    if (source) await refuseBusySource(tx, source, now);
    const since = new Date(now.getTime() - BACKOFF_WINDOW_MS);
    const recent = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(
        and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), gt(emailCodes.createdAt, since)),
      )
      .orderBy(desc(emailCodes.createdAt));
    const newest = recent[0];
    if (newest) {
      const wait = resendWait(recent.length);
      const sinceLast = (now.getTime() - newest.createdAt.getTime()) / 1000;
      if (sinceLast < wait) throw fail.rateLimited(Math.ceil(wait - sinceLast));
    }
    // Only the newest code of a purpose is live.
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
      );
    await tx.insert(emailCodes).values({
      id,
      email,
      purpose,
      codeHash: ctx.box.hmac(`mail-code:${purpose}`, code),
      requestedFrom: source,
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    let sourceCountId: number | null = null;
    if (source) {
      const [row] = await tx
        .insert(signinFailures)
        .values({ subject: sourceSubject(source), createdAt: now })
        .returning({ id: signinFailures.id });
      sourceCountId = row?.id ?? null;
    }
    if (signedOut && deliver) await enqueueMail(tx, ctx, mail, { codeId: id, sourceCountId });
    return sourceCountId;
  });
  const resendIn = resendWait(1);
  if (!deliver) return { expiresIn: CODE_TTL_SECONDS, resendIn };
  if (signedOut) {
    kickMailQueue(ctx);
    return { expiresIn: CODE_TTL_SECONDS, resendIn };
  }
  try {
    await ctx.mail.send(mail);
  } catch (error) {
    // Nothing was delivered, so nothing may count: not the back-off, not the source's limit.
    ctx.log.warn('code mail not sent', { purpose, error: String(error) });
    await ctx.database.db.delete(emailCodes).where(eq(emailCodes.id, id));
    if (sourceRow !== null)
      await ctx.database.db.delete(signinFailures).where(eq(signinFailures.id, sourceRow));
    throw new AppError(Code.serverError, 'server:errors.mailNotSent');
  }
  return { expiresIn: CODE_TTL_SECONDS, resendIn };
}

type Outcome = 'ok' | 'invalid' | 'wrong' | 'killed';
type Tried = { outcome: Outcome; codeId: string | null };

/** Wrong tries of one code from addresses other than the requester's, judged before the rest wait. */
export const MAX_STRANGER_TRIES = 5;
/** Wrong signed-out code tries per source address in the window, over every address it tries. */
export const SOURCE_WRONG_LIMIT = 10;
const wrongSourceSubject = (ip: string) => `code-wrong:${ip}`;

/**
 * Tries `code` against the live code of the purpose in its own transaction, so a wrong try is
 * counted even when the caller's work later fails. The code's row is locked before it is judged,
 * so concurrent tries are counted one by one (issue 29 §9).
 *
 * Throttles that stop the attacker, not the victim (issue 29 §8): a signed-out code remembers the
 * address that asked for it. Wrong tries from that address count as before (the fifth kills the
 * code); wrong tries from any other address count apart, and once MAX_STRANGER_TRIES of them are
 * spent further strangers' tries are refused without being judged — the code lives on for its
 * requester. `from` is the trier's address; without it (signed-in purposes) every try is the owner's.
 */
async function tryMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  code: string,
  spend: boolean,
  from?: string,
): Promise<Tried> {
  return inTransaction(ctx.database.db, async (tx): Promise<Tried> => {
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
    if (!live) return { outcome: 'invalid', codeId: null };
    const stranger = from !== undefined && live.requestedFrom !== null && live.requestedFrom !== from;
    if (stranger && live.strangerAttempts >= MAX_STRANGER_TRIES) return { outcome: 'wrong', codeId: live.id };
    if (!safeEqual(live.codeHash, ctx.box.hmac(`mail-code:${purpose}`, code))) {
      if (stranger) {
        await tx
          .update(emailCodes)
          .set({ strangerAttempts: live.strangerAttempts + 1 })
          .where(eq(emailCodes.id, live.id));
        return { outcome: 'wrong', codeId: live.id };
      }
      const attempts = live.attempts + 1;
      await tx
        .update(emailCodes)
        .set({ attempts, consumedAt: attempts >= MAX_WRONG_TRIES ? ctx.now() : null })
        .where(eq(emailCodes.id, live.id));
      return { outcome: attempts >= MAX_WRONG_TRIES ? 'killed' : 'wrong', codeId: live.id };
    }
    if (spend) await tx.update(emailCodes).set({ consumedAt: ctx.now() }).where(eq(emailCodes.id, live.id));
    return { outcome: 'ok', codeId: live.id };
  });
}

/** The 422 of a try that failed: a killed code says so, anything else is "invalid". */
function refusal(outcome: Outcome) {
  return fail.rule(outcome === 'killed' ? 'server:errors.codeKilled' : 'server:errors.codeInvalid');
}

/** Check and spend a code. Throws 422 for a wrong, expired, spent or killed code. */
export async function consumeMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  code: string,
  /** The trier's address, for the signed-out purposes: strangers are counted apart and per source. */
  from?: string,
): Promise<void> {
  let outcome: Outcome;
  if (from !== undefined) {
    // One source guessing at many addresses: its wrong tries are claimed before judging (429).
    const limit = {
      subject: wrongSourceSubject(from),
      limit: SOURCE_WRONG_LIMIT,
      windowMs: SOURCE_WINDOW_MS,
    };
    let judged: Outcome = 'invalid';
    await claimThenJudge(ctx.database.db, [limit], ctx.now(), async () => {
      judged = (await tryMailCode(ctx, email, purpose, code, true, from)).outcome;
      return judged === 'ok' ? 'right' : 'wrong';
    });
    outcome = judged;
  } else outcome = (await tryMailCode(ctx, email, purpose, code, true)).outcome;
  if (outcome !== 'ok') throw refusal(outcome);
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
  return (await tryMailCode(ctx, email, purpose, code, false)).outcome === 'ok';
}

/**
 * Proves the code without spending it (422 like consumeMailCode when wrong, a wrong try counted)
 * and answers the code's id, so the caller can check what the code protects first and spend it
 * with `spendProvenCode` in the transaction of the change: a refusal that changes nothing keeps it.
 */
export async function proveMailCode(
  ctx: AppContext,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<string> {
  const { outcome, codeId } = await tryMailCode(ctx, email, purpose, code, false);
  if (outcome === 'ok' && codeId) return codeId;
  throw refusal(outcome);
}

/** Spends a proven code in the caller's transaction; 422 when another request spent it meanwhile. */
export async function spendProvenCode(tx: Executor, codeId: string, now: Date): Promise<void> {
  const spent = await tx
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, now)))
    .returning({ id: emailCodes.id });
  if (spent.length === 0) throw fail.rule('server:errors.codeInvalid');
}
