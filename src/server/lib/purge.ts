/**
 * Removes rows that can no longer matter: expired or spent codes, captchas and sign-in tickets,
 * failures older than every window that counts them, dead session tokens, idempotency keys past
 * their 48 hours. Runs hourly, once across all server processes (purgeJob); running it twice at
 * once would still be harmless (each statement only deletes what is expired).
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
} from '../db/schema';
import { IDEMPOTENCY_KEEP_MS } from './idempotency';
import type { JobSpec } from './jobs';

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

/** The purge as a background job: once an hour across all server processes (lib/jobs.ts). */
export const purgeJob: JobSpec = {
  name: 'purge-expired',
  everyMs: 3600_000,
  leaseMs: 15 * 60_000,
  async run(ctx) {
    ctx.log.info('purged expired rows', await purgeExpired(ctx));
  },
};
