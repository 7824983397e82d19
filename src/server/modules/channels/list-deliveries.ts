/** A channel's delivery log, newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { DeliveryView } from '../../../contract/channels';
import type { AppContext } from '../../context';
import { channelDeliveries } from '../../db/schema';
import type { SessionPrincipal } from '../../lib/session';
import { managedChannel } from './channel-access';

export async function listDeliveries(
  ctx: AppContext,
  principal: SessionPrincipal,
  input: { id: string; pageNo: number; pageSize: number },
): Promise<{ data: DeliveryView[]; total: number; pageNo: number; pageSize: number }> {
  const channel = await managedChannel(ctx, principal, input.id);
  const db = ctx.database.db;
  const of = eq(channelDeliveries.channelId, channel.id);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(channelDeliveries)
      .where(of)
      .orderBy(desc(channelDeliveries.id))
      .limit(input.pageSize)
      .offset((input.pageNo - 1) * input.pageSize),
    db.select({ total: count() }).from(channelDeliveries).where(of),
  ]);
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      kind: row.kind as DeliveryView['kind'],
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}
