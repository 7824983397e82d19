/**
 * Which channel hears which event (issue 32 §3). An event about a card (a 3-D Secure code, a
 * decline, a card's low balance) goes to a channel whose cards include that card: all of the
 * account's, the cards of one card group, or the cards one member opened. Events of the account
 * itself (a credited top-up, the wallet's low balance) go to every channel of the account holder
 * that chose them, whatever its cards.
 *
 * A member's channel (set up by a sub-account user) is scoped to that member as the app scopes the
 * member (push-audience.ts): only cards the member opened, only events its role shows — codes with
 * `card:otp`, declines with `card:record`, card balances with `card:list` — and nothing of the
 * wallet or top-ups. It stops hearing anything once the member is frozen, its validity has run
 * out, or its role loses `personal:channels`; the role is read when sending, not when saving.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { messengerChannels } from '../../db/schema';
import {
  cardAuthorizations,
  cardGroupMembers,
  cardOtps,
  cards,
  ledgerAccounts,
  subAccounts,
  subRoles,
} from '../../db/schema';
import { normalisePermissions } from '../../../contract/permissions';

export type Channel = typeof messengerChannels.$inferSelect;

export interface EventCard {
  id: string;
  subAccountId: string | null;
  label: string | null;
  serial: string;
  last4: string;
}

/** The card an event is about; null for an account event (top-up, wallet), undefined when it is gone. */
export async function eventCard(
  ctx: AppContext,
  kind: string,
  refId: string | null,
): Promise<EventCard | null | undefined> {
  const db = ctx.database.db;
  const pick = {
    id: cards.id,
    subAccountId: cards.subAccountId,
    label: cards.label,
    serial: cards.serial,
    last4: cards.last4,
  };
  if (!refId || kind === 'topup' || kind === 'test') return null;
  if (kind === 'otp') {
    const [row] = await db
      .select(pick)
      .from(cardOtps)
      .innerJoin(cards, eq(cards.id, cardOtps.cardId))
      .where(eq(cardOtps.id, refId));
    return row;
  }
  if (kind === 'decline') {
    const [row] = await db
      .select(pick)
      .from(cardAuthorizations)
      .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
      .where(eq(cardAuthorizations.id, refId));
    return row;
  }
  if (kind === 'low_balance') {
    const [ledger] = await db
      .select({ kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, refId));
    if (!ledger) return undefined;
    if (ledger.kind === 'wallet') return null;
    const [row] = await db.select(pick).from(cards).where(eq(cards.ledgerAccountId, refId));
    return row;
  }
  return undefined;
}

const MEMBER_NEEDS: Record<string, string | undefined> = {
  otp: 'card:otp',
  decline: 'card:record',
  low_balance: 'card:list',
  test: 'personal:channels',
};

/** The member's permissions while it may act (online, valid); null when it may not. */
async function memberPermissions(ctx: AppContext, channel: Channel): Promise<readonly string[] | null> {
  const [row] = await ctx.database.db
    .select({
      status: subAccounts.status,
      validUntil: subAccounts.validUntil,
      permissions: subRoles.permissions,
    })
    .from(subAccounts)
    .leftJoin(subRoles, eq(subRoles.id, subAccounts.roleId))
    .where(and(eq(subAccounts.id, channel.ownerSubAccountId!), eq(subAccounts.accountId, channel.accountId)));
  if (!row || row.status !== 'online' || row.validUntil.getTime() <= ctx.now().getTime()) return null;
  return normalisePermissions(row.permissions ?? []);
}

export async function channelHears(
  ctx: AppContext,
  channel: Channel,
  kind: string,
  card: EventCard | null,
): Promise<boolean> {
  if (channel.ownerSubAccountId !== null) {
    const held = await memberPermissions(ctx, channel);
    const needed = MEMBER_NEEDS[kind];
    if (!held || !needed || !held.includes(needed) || !held.includes('personal:channels')) return false;
    if (kind === 'test') return true;
    return card !== null && card.subAccountId === channel.ownerSubAccountId;
  }
  if (card === null || channel.cardScope === 'all') return true;
  if (channel.cardScope === 'member') return card.subAccountId === channel.scopeSubAccountId;
  if (!channel.cardGroupId) return false;
  const [inGroup] = await ctx.database.db
    .select({ id: cardGroupMembers.cardId })
    .from(cardGroupMembers)
    .where(and(eq(cardGroupMembers.cardId, card.id), eq(cardGroupMembers.groupId, channel.cardGroupId)));
  return inGroup !== undefined;
}
