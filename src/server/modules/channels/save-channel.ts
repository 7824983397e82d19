/**
 * Adds or changes a messenger channel (issue 32 §3). The target (webhook URL, or Telegram bot
 * token and chat) and the signing secret are sealed with the server key before they are stored,
 * and never answered back (the client sees `targetHint`). Only the services' own hosts are
 * accepted (channel-hosts.ts). A member's channel is scoped to the member's own cards and to the
 * events its role shows (channel-audience.ts); the account holder scopes a channel to all cards,
 * a card group or a member's cards.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { ChannelEvent, ChannelKind, ChannelScope } from '../../../contract/channels';
import { CHANNELS_MAX } from '../../../contract/channels';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/client';
import { cardGroups, messengerChannels, subAccounts } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import type { SessionPrincipal } from '../../lib/session';
import { acceptableTelegram, acceptableWebhook, targetHint } from './channel-hosts';
import type { StoredTarget } from './channel-requests';
import { managedChannel } from './channel-access';

export interface SaveChannelInput {
  id?: string | undefined;
  kind: ChannelKind;
  name: string;
  webhook?: string | undefined;
  secret?: string | undefined;
  clearSecret?: boolean | undefined;
  chatId?: string | undefined;
  events: ChannelEvent[];
  cardScope: ChannelScope;
  cardGroupId?: string | undefined;
  scopeSubAccountId?: string | undefined;
  showCode: boolean;
  lowBalance?: number | undefined;
  enabled: boolean;
}

/** What a member's role must hold for each event on its channel; top-ups are the holder's business. */
const MEMBER_EVENT_NEEDS: Record<ChannelEvent, string | null> = {
  otp: 'card:otp',
  decline: 'card:record',
  low_balance: 'card:list',
  topup: null,
};

function hintOf(kind: ChannelKind, target: StoredTarget): string {
  if ('token' in target)
    return `${targetHint(new URL(target.apiOrigin).host, target.token)} · ${target.chatId}`;
  const url = new URL(target.url);
  const token =
    kind === 'wecom'
      ? url.searchParams.get('key')
      : kind === 'dingtalk'
        ? url.searchParams.get('access_token')
        : url.pathname.split('/').pop();
  return targetHint(url.host, token ?? '');
}

function newTarget(ctx: AppContext, input: SaveChannelInput, stored: StoredTarget | null): StoredTarget {
  if (input.kind === 'telegram') {
    const bot = input.webhook
      ? acceptableTelegram(ctx, input.webhook)
      : stored && 'token' in stored
        ? stored
        : null;
    if (!bot)
      throw fail.badRequest(
        input.webhook ? 'server:channels.badTelegram' : 'server:channels.webhookRequired',
      );
    const chatId = input.chatId ?? (stored && 'token' in stored ? stored.chatId : undefined);
    if (!chatId) throw fail.badRequest('server:channels.chatIdRequired');
    return { token: bot.token, apiOrigin: bot.apiOrigin, chatId };
  }
  if (!input.webhook) {
    if (stored && 'url' in stored) return stored;
    throw fail.badRequest('server:channels.webhookRequired');
  }
  const url = acceptableWebhook(ctx, input.kind, input.webhook);
  if (!url) throw fail.badRequest('server:channels.badWebhook');
  return { url: url.toString() };
}

async function checkScope(
  ctx: AppContext,
  principal: SessionPrincipal,
  input: SaveChannelInput,
): Promise<{ cardScope: ChannelScope; cardGroupId: string | null; scopeSubAccountId: string | null }> {
  const db = ctx.database.db;
  if (principal.subAccountId !== null) {
    const held = principal.sub?.permissions ?? [];
    for (const event of input.events) {
      const needed = MEMBER_EVENT_NEEDS[event];
      if (needed === null || !held.includes(needed as never))
        throw fail.badRequest('server:channels.eventNotAllowed');
    }
    return { cardScope: 'member', cardGroupId: null, scopeSubAccountId: principal.subAccountId };
  }
  if (input.cardScope === 'group') {
    const [group] = input.cardGroupId
      ? await db
          .select({ id: cardGroups.id })
          .from(cardGroups)
          .where(and(eq(cardGroups.id, input.cardGroupId), eq(cardGroups.accountId, principal.accountId)))
      : [];
    if (!group) throw fail.badRequest('server:channels.chooseGroup');
    return { cardScope: 'group', cardGroupId: group.id, scopeSubAccountId: null };
  }
  if (input.cardScope === 'member') {
    const [member] = input.scopeSubAccountId
      ? await db
          .select({ id: subAccounts.id })
          .from(subAccounts)
          .where(
            and(eq(subAccounts.id, input.scopeSubAccountId), eq(subAccounts.accountId, principal.accountId)),
          )
      : [];
    if (!member) throw fail.badRequest('server:channels.chooseMember');
    return { cardScope: 'member', cardGroupId: null, scopeSubAccountId: member.id };
  }
  return { cardScope: 'all', cardGroupId: null, scopeSubAccountId: null };
}

export async function saveChannel(
  ctx: AppContext,
  principal: SessionPrincipal,
  lang: Lang,
  input: SaveChannelInput,
): Promise<{ id: string }> {
  const existing = input.id ? await managedChannel(ctx, principal, input.id) : null;
  const kindChanged = existing !== null && existing.kind !== input.kind;
  const stored =
    existing && !kindChanged ? (JSON.parse(ctx.box.open(existing.target)) as StoredTarget) : null;
  const target = newTarget(ctx, input, stored);
  const signs = input.kind === 'dingtalk' || input.kind === 'feishu';
  const secret =
    !signs || input.clearSecret
      ? null
      : input.secret
        ? ctx.box.seal(input.secret)
        : kindChanged
          ? null
          : (existing?.secret ?? null);
  if (input.events.includes('low_balance') && input.lowBalance === undefined)
    throw fail.badRequest('server:channels.lowBalanceRequired');
  const scope = await checkScope(ctx, principal, input);
  const values = {
    kind: input.kind,
    name: input.name,
    target: ctx.box.seal(JSON.stringify(target)),
    secret,
    targetHint: hintOf(input.kind, target),
    events: [...new Set(input.events)],
    ...scope,
    showCode: input.showCode,
    lowBalance: input.events.includes('low_balance') ? (input.lowBalance ?? null) : null,
    lang,
    enabled: input.enabled,
    updatedAt: ctx.now(),
  };
  const db = ctx.database.db;
  if (existing) {
    await db.update(messengerChannels).set(values).where(eq(messengerChannels.id, existing.id));
    return { id: existing.id };
  }
  // The limit is one atomic claim: under a per-account advisory lock, count and insert in one
  // transaction, so concurrent adds cannot all read the same count.
  const id = newId();
  const added = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`channels:${principal.accountId}`}))`);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(messengerChannels)
      .where(eq(messengerChannels.accountId, principal.accountId));
    if (total >= CHANNELS_MAX) return false;
    await tx.insert(messengerChannels).values({
      id,
      accountId: principal.accountId,
      ownerSubAccountId: principal.subAccountId,
      createdAt: ctx.now(),
      ...values,
    });
    return true;
  });
  if (!added) throw fail.rule('server:channels.tooMany', { max: CHANNELS_MAX });
  return { id };
}
