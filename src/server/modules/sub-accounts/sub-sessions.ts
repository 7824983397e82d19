/** Ending a member's sessions: freezing, password reset. */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';

export async function revokeSubSessions(
  ctx: AppContext,
  tx: Executor,
  subId: string,
  reason: string,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: ctx.now(), revokedReason: reason })
    .where(and(eq(sessions.subAccountId, subId), isNull(sessions.revokedAt)));
}
