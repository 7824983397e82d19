/**
 * Operator sessions (decisions.md "Operator console"): one random bearer token per session, stored
 * as its SHA-256 only; dead after 15 idle minutes or 8 hours in all, whichever comes first; no
 * refresh token (signing in again needs the password and a fresh authenticator code). Customer
 * sessions live in another table: neither kind of token is ever looked up in the other's.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { OperatorRole } from '../../../contract/operator';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { operators, operatorSessions } from '../../db/schema';
import { newId, newToken, sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';

export const OPERATOR_IDLE_MS = 15 * 60_000;
export const OPERATOR_MAX_MS = 8 * 3600_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_MS = 30_000;

/** Who is acting: what every console handler gets and every audit entry names. */
export interface OperatorActor {
  operatorId: string;
  email: string;
  role: OperatorRole;
  sessionId: string;
  ip: string;
  device: string;
}

export async function startOperatorSession(
  ctx: AppContext,
  tx: Executor,
  operatorId: string,
  client: { ip: string; device: string },
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.now();
  const token = `op_${newToken()}`;
  const expiresAt = new Date(now.getTime() + OPERATOR_MAX_MS);
  await tx.insert(operatorSessions).values({
    id: newId(),
    tokenHash: sha256(token),
    operatorId,
    ip: client.ip,
    device: client.device,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  await tx.update(operators).set({ lastSignInAt: now }).where(eq(operators.id, operatorId));
  return { token, expiresAt };
}

/** The operator behind a bearer token, or 401: unknown, revoked, idle, past its end, or disabled. */
export async function authenticateOperator(
  ctx: AppContext,
  token: string | undefined,
  client: { ip: string; device: string },
): Promise<OperatorActor> {
  if (!token) throw fail.unauthorized();
  const [row] = await ctx.database.db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, sha256(token)), isNull(operatorSessions.revokedAt)))
    .limit(1);
  const now = ctx.now().getTime();
  if (
    !row ||
    row.operator.status !== 'active' ||
    row.session.expiresAt.getTime() <= now ||
    row.session.lastSeenAt.getTime() + OPERATOR_IDLE_MS <= now
  )
    throw fail.unauthorized('server:errors.unauthorized');
  if (now - row.session.lastSeenAt.getTime() >= TOUCH_MS)
    await ctx.database.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(operatorSessions.id, row.session.id));
  return {
    operatorId: row.operator.id,
    email: row.operator.email,
    role: row.operator.role,
    sessionId: row.session.id,
    ip: client.ip,
    device: client.device,
  };
}

export async function endOperatorSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.database.db
    .update(operatorSessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** Ends every open session of an operator (disabled). */
export async function endOperatorSessions(ctx: AppContext, tx: Executor, operatorId: string): Promise<void> {
  await tx
    .update(operatorSessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}
