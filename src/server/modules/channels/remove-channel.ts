/** Removes a channel the caller manages; its delivery log goes with it (ON DELETE CASCADE). */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messengerChannels } from '../../db/schema';
import type { SessionPrincipal } from '../../lib/session';
import { managedChannel } from './channel-access';

export async function removeChannel(ctx: AppContext, principal: SessionPrincipal, id: string): Promise<null> {
  const channel = await managedChannel(ctx, principal, id);
  await ctx.database.db.delete(messengerChannels).where(eq(messengerChannels.id, channel.id));
  return null;
}
