/**
 * Who manages which channel: the account holder every channel of the account (its members' too),
 * a member only the channels it set up. Anything else is "no such channel" (404), never a hint that
 * it exists.
 */
import { and, eq } from 'drizzle-orm';
import { Code } from '../../../contract/core';
import type { AppContext } from '../../context';
import { messengerChannels } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionPrincipal } from '../../lib/session';
import type { Channel } from './channel-audience';

export function managedBy(principal: SessionPrincipal) {
  return principal.subAccountId === null
    ? eq(messengerChannels.accountId, principal.accountId)
    : and(
        eq(messengerChannels.accountId, principal.accountId),
        eq(messengerChannels.ownerSubAccountId, principal.subAccountId),
      );
}

export async function managedChannel(
  ctx: AppContext,
  principal: SessionPrincipal,
  id: string,
): Promise<Channel> {
  const [row] = await ctx.database.db
    .select()
    .from(messengerChannels)
    .where(and(eq(messengerChannels.id, id), managedBy(principal)));
  if (!row) throw new AppError(Code.notFound, 'server:channels.notFound');
  return row;
}
