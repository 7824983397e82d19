/**
 * Removes rows that can no longer matter: expired or spent codes, captchas, sign-in and step-up tickets,
 * failures older than every window that counts them, dead session tokens, idempotency keys past
 * their 48 hours, refused unsigned callbacks after a week. Runs hourly, once across all server processes (purgeJob); running it twice at
 * once would still be harmless (each statement only deletes what is expired).
 */
import { and, eq, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import {
  captchas,
  emailCodes,
  files,
  identityCallbacks,
  idempotencyKeys,
  paymentCallbacks,
  sessionTokens,
  signinFailures,
  signinTickets,
  stepUpTickets,
  webauthnChallenges,
  topupForecasts,
} from '../db/schema';
import { IDEMPOTENCY_KEEP_MS } from './idempotency';
import type { JobSpec } from './jobs';
import { UNSIGNED_KEEP_MS } from './unsigned-callbacks';

/** E-mail codes are kept a day after creation: the daily sending limit counts them. */
const CODE_KEEP_MS = 24 * 3600_000 + 60_000;
/** Longest window any failure count uses (15 minutes), with room to spare. */
const FAILURE_KEEP_MS = 60 * 60_000;

/** A top-up proof not attached to an order within a day never will be (issue 13 §2). */
const ORPHAN_KEEP_MS = 24 * 3600_000;

/**
 * Top-up proofs older than a day that no transfer forecast names: the row goes first, then the bytes, so a
 * file is never served without its row. Only the `topup_proof` purpose is purged: it is the one
 * whose attachment (topup_forecasts.proof_file_id) is known here; a purpose that gains an owner
 * elsewhere adds its own reference to this condition.
 */
async function purgeOrphanUploads(ctx: AppContext, olderThan: Date): Promise<number> {
  const db = ctx.database.db;
  const gone = await db
    .delete(files)
    .where(
      and(
        eq(files.purpose, 'topup_proof'),
        lt(files.createdAt, olderThan),
        notExists(
          db
            .select({ id: topupForecasts.id })
            .from(topupForecasts)
            .where(eq(topupForecasts.proofFileId, files.id)),
        ),
      ),
    )
    .returning({ id: files.id });
  for (const { id } of gone)
    await ctx.storage
      .remove(id)
      .catch((error: unknown) => ctx.log.warn('orphan bytes not removed', { error: String(error) }));
  return gone.length;
}

export async function purgeExpired(ctx: AppContext): Promise<Record<string, number>> {
  const db = ctx.database.db;
  const now = ctx.now();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const deleted: Record<string, number> = {
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
    webauthnChallenges: (
      await db
        .delete(webauthnChallenges)
        .where(or(lt(webauthnChallenges.expiresAt, now), isNotNull(webauthnChallenges.usedAt)))
        .returning({ id: webauthnChallenges.challenge })
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
  deleted.orphanUploads = await purgeOrphanUploads(ctx, before(ORPHAN_KEEP_MS));
  // Refused callbacks nobody signed are kept a week for investigation (lib/unsigned-callbacks.ts).
  const unsignedBefore = before(UNSIGNED_KEEP_MS);
  deleted.unsignedPaymentCallbacks = (
    await db
      .delete(paymentCallbacks)
      .where(and(eq(paymentCallbacks.signatureValid, false), lt(paymentCallbacks.receivedAt, unsignedBefore)))
      .returning({ id: paymentCallbacks.id })
  ).length;
  deleted.unsignedIdentityCallbacks = (
    await db
      .delete(identityCallbacks)
      .where(
        and(eq(identityCallbacks.signatureValid, false), lt(identityCallbacks.receivedAt, unsignedBefore)),
      )
      .returning({ id: identityCallbacks.id })
  ).length;
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
