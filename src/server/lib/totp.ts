/**
 * Google Authenticator: RFC 6238 TOTP with the parameters the app uses (SHA-1, 6 digits, 30 s).
 * Secrets are stored sealed (ctx.box); a code is accepted once, enforced by remembering the last
 * accepted time step per account (accounts.google_last_step).
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../context';
import { accounts } from '../db/schema';
import { fail } from './errors';
import { claimThenJudge } from './limit-claim';

export const GOOGLE_ISSUER = 'Card Portal';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either side of the current one (phone clocks are not exact). */
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

function totpFor(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: GOOGLE_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** A fresh random secret, base32 (what the user types into the app when not scanning). */
export function newGoogleSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/...` URI that the QR code carries. */
export function otpauthUri(secret: string, accountLabel: string): string {
  return totpFor(secret, accountLabel).toString();
}

/** The time step (30 s periods since the epoch) that `now` falls in. */
export function stepAt(now: Date): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() });
}

/** The code the app shows at `when`; tests and the sandbox use it to act as the phone. */
export function googleCodeAt(secret: string, when: Date): string {
  return totpFor(secret).generate({ timestamp: when.getTime() });
}

/**
 * The time step whose code `code` is, within the drift window around `now`, or null. Callers decide
 * about reuse by comparing the step with the last one accepted.
 */
export function matchStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  return delta === null ? null : stepAt(now) + delta;
}

/**
 * Check a code against the account's bound secret and spend it. The conditional UPDATE is the
 * single-use guarantee: of two concurrent requests with the same code only one can move
 * google_last_step past that step; the secret is part of the condition so a code of a secret that
 * was just unbound or replaced cannot be spent against the new one.
 */
export async function consumeGoogleCode(ctx: AppContext, accountId: string, code: string): Promise<void> {
  const db = ctx.database.db;
  const [account] = await db
    .select({ sealedSecret: accounts.googleSecret, lastStep: accounts.googleLastStep })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account?.sealedSecret) throw fail.rule('server:account.googleNotBound');
  const step = matchStep(ctx.box.open(account.sealedSecret), code, ctx.now());
  const fresh = step !== null && (account.lastStep === null || step > account.lastStep);
  // Nothing of the match is told before the slot is claimed.
  const outcome = await claimThenJudge(db, [googleLimit(accountId)], ctx.now(), () =>
    Promise.resolve(fresh ? ('right' as const) : ('wrong' as const)),
  );
  if (outcome === 'wrong' || step === null) throw fail.rule('server:account.googleCodeInvalid');
  const spent = await db
    .update(accounts)
    .set({ googleLastStep: step })
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.googleSecret, account.sealedSecret),
        or(isNull(accounts.googleLastStep), lt(accounts.googleLastStep, step)),
      ),
    )
    .returning({ id: accounts.id });
  if (spent.length === 0) throw fail.rule('server:account.googleCodeInvalid');
}

/** Wrong Google codes allowed per account in the window before further tries wait (1 in 10^6 each). */
export const GOOGLE_WRONG_LIMIT = 5;
const GOOGLE_WINDOW_MS = 15 * 60_000;
const googleSubject = (accountId: string) => `google:${accountId}`;

/**
 * A stolen session must not be able to guess codes at machine speed on checkGoogleCode, unbind or
 * updatePwdByGoogleCode: after 5 wrong codes in 15 minutes every Google check answers 429 until the
 * oldest of them leaves the window. The slot is claimed before the code is judged
 * (lib/limit-claim.ts), so a burst has at most GOOGLE_WRONG_LIMIT codes judged.
 */
const googleLimit = (accountId: string) => ({
  subject: googleSubject(accountId),
  limit: GOOGLE_WRONG_LIMIT,
  windowMs: GOOGLE_WINDOW_MS,
});
