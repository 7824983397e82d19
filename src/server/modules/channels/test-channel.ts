/**
 * "Send test message": queues a `test` delivery and starts this process's drain at once, so the
 * log shows the outcome within seconds; a failure is retried like any delivery. At most one test
 * waits per channel: a second press while one is pending answers the same delivery.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { channelDeliveries } from '../../db/schema';
import type { SessionPrincipal } from '../../lib/session';
import { managedChannel } from './channel-access';
import { kickChannelDeliveries } from './deliver-channels';

export async function testChannel(
  ctx: AppContext,
  principal: SessionPrincipal,
  id: string,
): Promise<{ deliveryId: string }> {
  const channel = await managedChannel(ctx, principal, id);
  const db = ctx.database.db;
  const [waiting] = await db
    .select({ id: channelDeliveries.id })
    .from(channelDeliveries)
    .where(
      and(
        eq(channelDeliveries.channelId, channel.id),
        eq(channelDeliveries.kind, 'test'),
        eq(channelDeliveries.status, 'pending'),
      ),
    );
  const [row] = waiting
    ? [waiting]
    : await db
        .insert(channelDeliveries)
        .values({
          channelId: channel.id,
          accountId: channel.accountId,
          kind: 'test',
          nextAttemptAt: ctx.now(),
        })
        .returning({ id: channelDeliveries.id });
  void kickChannelDeliveries(ctx);
  return { deliveryId: String(row!.id) };
}
