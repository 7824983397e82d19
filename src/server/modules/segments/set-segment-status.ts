/**
 * Open a segment for new cards or put it in maintenance (issue 31 §2, console). Takes effect at once:
 * the state is no price (an opening in flight re-checks it and refuses a segment gone into
 * maintenance with the usual message), and the issuer's stop on new cards is not scheduled ahead.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { cardSegments } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { ActingOperator } from '../../lib/operator-actor';
import { audit } from '../../lib/operator-actor';

export async function setSegmentStatus(
  ctx: AppContext,
  actor: ActingOperator,
  input: { segmentId: string; status: 'open' | 'maintenance'; reason: string },
): Promise<{ id: string; status: 'open' | 'maintenance' }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const [row] = await tx
      .select({ id: cardSegments.id, status: cardSegments.status })
      .from(cardSegments)
      .where(eq(cardSegments.id, input.segmentId))
      .for('update')
      .limit(1);
    if (!row) throw fail.rule('server:operatorContent.fees.segmentNotFound');
    await tx
      .update(cardSegments)
      .set({ status: input.status, updatedAt: ctx.now() })
      .where(eq(cardSegments.id, row.id));
    await audit(tx, actor, {
      action: 'segments.status',
      targetKind: 'segment',
      targetId: row.id,
      before: { status: row.status },
      after: { status: input.status },
      reason: input.reason,
    });
    return { id: row.id, status: input.status };
  });
}
