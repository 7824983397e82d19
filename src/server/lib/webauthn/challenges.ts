/**
 * WebAuthn challenges kept server-side (table `webauthn_challenges`): each is stored with its
 * purpose, the subject it was issued to (a session, or none for a sign-in) and an expiry, and is
 * spent by one conditional UPDATE, so an answer is accepted once (a replay finds it spent) and by
 * one process only, whichever process issued it.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webauthnChallenges } from '../../db/schema';

/** How long an answer may take: the browser's own timeout (60 s) and some slack. */
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** The timeout the options ask the browser for. */
export const CEREMONY_TIMEOUT_MS = 60_000;

export interface ChallengeScope {
  purpose: string;
  /** Who may answer: `session:<id>` for a signed-in ceremony; null for a sign-in. */
  subject: string | null;
}

export async function storeChallenge(
  db: Executor,
  challenge: string,
  scope: ChallengeScope,
  now: Date,
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose: scope.purpose,
    subject: scope.subject,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  });
}

/**
 * Spend the challenge the browser signed, if it is live, unspent and of this purpose and subject.
 * False otherwise (unknown, expired, replayed, or issued to someone else).
 */
export async function takeChallenge(
  db: Executor,
  challenge: string,
  scope: ChallengeScope,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, scope.purpose),
        scope.subject === null
          ? isNull(webauthnChallenges.subject)
          : eq(webauthnChallenges.subject, scope.subject),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return spent.length > 0;
}

/** The challenge inside a browser's answer (clientDataJSON), or null when it cannot be read. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}
