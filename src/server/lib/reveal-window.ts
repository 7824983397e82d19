/**
 * The reveal window (issue 32 §4; docs/decisions.md "Passkeys"): once a card reveal has spent a
 * proof (a step-up ticket or a Google code), the other reveals of the same session need none until
 * `sessions.reveal_trusted_until`. The time is in the database, so every server process agrees,
 * and the server enforces it: the PWA only shows the time left.
 *
 * The window opens at the reveal that spent the proof and is not stretched by the trusted reveals
 * after it: at most REVEAL_WINDOW_SECONDS after a proof, the next reveal asks again.
 */
import { and, eq, gt } from 'drizzle-orm';
import { REVEAL_WINDOW_SECONDS } from '../../contract/card-rules';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema';
import type { Env } from '../env';

/** Production always keeps the product's window; only demo/test servers may shorten it. */
export function revealWindowSeconds(env: Pick<Env, 'APP_MODE' | 'REVEAL_WINDOW_SECONDS'>): number {
  return env.APP_MODE === 'production' ? REVEAL_WINDOW_SECONDS : env.REVEAL_WINDOW_SECONDS;
}

/** When the session's window ends, or null when reveals of this session need a proof now. */
export async function revealTrustedUntil(db: Executor, sessionId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: sessions.revealTrustedUntil })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.revealTrustedUntil, now)))
    .limit(1);
  return row?.until ?? null;
}

/** Open the window after a reveal that spent a proof; answers its end. */
export async function openRevealWindow(
  db: Executor,
  sessionId: string,
  now: Date,
  seconds: number,
): Promise<Date> {
  const until = new Date(now.getTime() + seconds * 1000);
  await db.update(sessions).set({ revealTrustedUntil: until }).where(eq(sessions.id, sessionId));
  return until;
}
