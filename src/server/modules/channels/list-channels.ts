/**
 * The channels the caller manages, with what a channel can be scoped to: the account holder gets
 * the account's card groups and members; a member's channel is always its own cards.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChannelView } from '../../../contract/channels';
import type { AppContext } from '../../context';
import { cardGroups, channelDeliveries, messengerChannels, subAccounts } from '../../db/schema';
import type { SessionPrincipal } from '../../lib/session';
import { managedBy } from './channel-access';

export async function listChannels(ctx: AppContext, principal: SessionPrincipal) {
  const db = ctx.database.db;
  const rows = await db
    .select()
    .from(messengerChannels)
    .where(managedBy(principal))
    .orderBy(desc(messengerChannels.createdAt));
  const ids = rows.map((row) => row.id);
  const last = ids.length
    ? await db
        .selectDistinctOn([channelDeliveries.channelId], {
          channelId: channelDeliveries.channelId,
          status: channelDeliveries.status,
          at: sql<Date>`coalesce(${channelDeliveries.sentAt}, ${channelDeliveries.createdAt})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
        })
        .from(channelDeliveries)
        .where(inArray(channelDeliveries.channelId, ids))
        .orderBy(channelDeliveries.channelId, desc(channelDeliveries.id))
    : [];
  const owner = principal.subAccountId === null;
  const members = owner
    ? await db
        .select({ id: subAccounts.id, name: subAccounts.nickname })
        .from(subAccounts)
        .where(eq(subAccounts.accountId, principal.accountId))
    : [];
  const groups = owner
    ? await db
        .select({ id: cardGroups.id, name: cardGroups.name })
        .from(cardGroups)
        .where(eq(cardGroups.accountId, principal.accountId))
    : [];
  const memberName = new Map(members.map((m) => [m.id, m.name]));
  const channels: ChannelView[] = rows.map((row) => {
    const latest = last.find((l) => l.channelId === row.id);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      targetHint: row.targetHint,
      hasSecret: row.secret !== null,
      events: row.events as ChannelView['events'],
      cardScope: row.cardScope,
      cardGroupId: row.cardGroupId,
      scopeSubAccountId: row.scopeSubAccountId,
      showCode: row.showCode,
      lowBalance: row.lowBalance,
      lang: row.lang,
      enabled: row.enabled,
      memberName: row.ownerSubAccountId
        ? (memberName.get(row.ownerSubAccountId) ?? principal.sub?.nickname ?? '')
        : null,
      lastDelivery: latest ? { status: latest.status, at: latest.at.toISOString() } : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { channels, groups, members };
}
