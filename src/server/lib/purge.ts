/**
 * Removes rows that can no longer matter: expired or spent codes, captchas, sign-in and step-up tickets,
 * failures older than every window that counts them, dead session tokens, idempotency keys past
 * their 48 hours. Runs at start and hourly;
 * several instances running it at once is harmless (each statement only deletes what is expired).
 */
import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  captchas,
  emailCodes,
  idempotencyKeys,
  sessionTokens,
  signinFailures,
  signinTickets,
  stepUpTickets,
} from '../db/schema';
import { IDEMPOTENCY_KEEP_MS } from './idempotency';

/** E-mail codes are kept a day after creation: the daily sending limit counts them. */
const CODE_KEEP_MS = 24 * 3600_000 + 60_000;
/** Longest window any failure count uses (15 minutes), with room to spare. */
const FAILURE_KEEP_MS = 60 * 60_000;

export async function purgeExpired(ctx: AppContext): Promise<Record<string, number>> {
  const db = ctx.database.db;
  const now = ctx.now();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const deleted = {
    emailCodes: (
      await db
        .delete(emailCodes)
        .where(lt(emailCodes.createdAt, before(CODE_KEEP_MS)))
        .returning({ id: emailCodes.id })
    ).length,
    captchas: (await db.delete(captchas).where(lt(captchas.expiresAt, now)).returning({ id: captchas.id }))
      .length,
    signinTickets: (
      await db
        .delete(signinTickets)
        .where(or(lt(signinTickets.expiresAt, now), isNotNull(signinTickets.usedAt)))
        .returning({ id: signinTickets.ticketHash })
    ).length,
    stepUpTickets: (
      await db
        .delete(stepUpTickets)
        .where(or(lt(stepUpTickets.expiresAt, now), isNotNull(stepUpTickets.usedAt)))
        .returning({ id: stepUpTickets.ticketHash })
    ).length,
    signinFailures: (
      await db
        .delete(signinFailures)
        .where(lt(signinFailures.createdAt, before(FAILURE_KEEP_MS)))
        .returning({ id: signinFailures.id })
    ).length,
    sessionTokens: (
      await db
        .delete(sessionTokens)
        .where(lt(sessionTokens.expiresAt, now))
        .returning({ id: sessionTokens.tokenHash })
    ).length,
    idempotencyKeys: (
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_KEEP_MS)))
        .returning({ key: idempotencyKeys.key })
    ).length,
  };
  // PGlite has no autovacuum: without it, counting flow rows cannot use the index alone (the
  // visibility map stays empty) and the financial breakdown slows as the ledger grows.
  if (ctx.database.kind === 'pglite') await db.execute(sql`VACUUM (ANALYZE) ledger_entries`);
  return deleted;
}

/** Purge now and every hour; the timer does not keep the process alive. */
export function schedulePurge(ctx: AppContext): () => void {
  const run = () =>
    purgeExpired(ctx)
      .then((deleted) => ctx.log.info('purged expired rows', deleted))
      .catch((error: unknown) => ctx.log.error('purge failed', { error: String(error) }));
  void run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
