/** Ending a member's sessions: freezing, password reset, its own password change (`keepSessionId`). */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';

export async function revokeSubSessions(
  ctx: AppContext,
  tx: Executor,
  subId: string,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.subAccountId, subId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(...conditions));
}
