/**
 * `Idempotency-Key` for money-moving endpoints (api-conventions "Data"). The first call with a key
 * claims it (a `pending` row); when it ends, its answer is stored (`done`). Another call with the
 * same key and the same parameters gets that answer back without running again; with other
 * parameters, or while the first is still running, it gets 409. A call that failed unexpectedly
 * (500) releases its claim so the retry can run. Keys are kept 48 hours (purge.ts).
 *
 * This is the outer guard; each money operation also keys its ledger movement and its order row,
 * so even a lost answer cannot make a retry move money twice.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { idempotencyKeys } from '../db/schema';
import { sha256 } from './crypto';
import { AppError, fail } from './errors';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** A claim older than this belonged to a process that died mid-call; a retry may take it over. */
export const IDEMPOTENCY_KEEP_MS = 48 * 3600 * 1000;

export interface StoredAnswer {
  code: number;
  msg: string;
  data: unknown;
}

/** `claimedAt` names this claim: a process that lost it to a takeover must not write over the key. */
export type Claim = { kind: 'claimed'; claimedAt: Date } | { kind: 'replay'; answer: StoredAnswer };

/** The key while it is still this call's claim: pending, and not taken over since. */
function stillClaimed(accountId: string, key: string, claimedAt: Date) {
  return and(
    eq(idempotencyKeys.accountId, accountId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.state, 'pending'),
    eq(idempotencyKeys.createdAt, claimedAt),
  );
}

/** The header's key, or null when absent; a malformed key is a 400. */
export function readIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  if (!KEY_PATTERN.test(header)) throw fail.badRequest('server:idempotency.badKey');
  return header;
}

/**
 * What makes two calls "the same parameters". Uploaded files count by their bytes (JSON would
 * write a File as `{}`): the same key with another file is a different request, not a replay.
 */
export async function requestHashOf(endpointId: string, input: unknown): Promise<string> {
  if (input === null || typeof input !== 'object') return sha256(JSON.stringify([endpointId, input]));
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    fields[name] =
      value instanceof Blob
        ? {
            fileSha256: createHash('sha256')
              .update(new Uint8Array(await value.arrayBuffer()))
              .digest('hex'),
          }
        : value;
  }
  return sha256(JSON.stringify([endpointId, fields]));
}

export async function claimKey(
  ctx: AppContext,
  scope: { accountId: string; key: string; endpointId: string; requestHash: string },
): Promise<Claim> {
  const db = ctx.database.db;
  const now = ctx.now();
  // A claim left behind by a dead process is removed first, so this call can take the key.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.accountId, scope.accountId),
        eq(idempotencyKeys.key, scope.key),
        eq(idempotencyKeys.state, 'pending'),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - ctx.env.ABANDONED_CLAIM_MS)),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...scope, state: 'pending', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: 'claimed', claimedAt: now };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, scope.accountId), eq(idempotencyKeys.key, scope.key)));
  if (!row) return claimKey(ctx, scope); // released between our insert and select: try again
  if (row.endpointId !== scope.endpointId || row.requestHash !== scope.requestHash)
    throw fail.conflict('server:idempotency.keyReused');
  if (row.state === 'pending') throw fail.conflict('server:idempotency.inProgress');
  return { kind: 'replay', answer: row.answer as StoredAnswer };
}

/**
 * Store the answer of the claimed call (success or a business refusal) for replays. A call whose
 * claim was taken over (it was slow past the claim window and a retry ran) stores nothing: the
 * retry's answer is the key's (issue 29 §7: a late 409 must not replace the retry's 200).
 */
export async function finishKey(
  ctx: AppContext,
  accountId: string,
  key: string,
  claimedAt: Date,
  answer: StoredAnswer,
): Promise<void> {
  await ctx.database.db
    .update(idempotencyKeys)
    .set({ state: 'done', code: answer.code, answer })
    .where(stillClaimed(accountId, key, claimedAt));
}

/** Give the key back after an unexpected failure, so a retry runs the call again. */
export async function releaseKey(
  ctx: AppContext,
  accountId: string,
  key: string,
  claimedAt: Date,
): Promise<void> {
  await ctx.database.db.delete(idempotencyKeys).where(stillClaimed(accountId, key, claimedAt));
}

/** Whether an error is a stored answer (a deliberate refusal) or a failure to release. */
export function isDeliberate(error: unknown): error is AppError {
  return error instanceof AppError && error.code < 500;
}
