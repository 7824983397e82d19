/**
 * Messenger channels (issue 32 §3): group bots of the messengers business teams use — a WeCom
 * (企业微信) group robot, a DingTalk custom robot, a Feishu/Lark custom bot and a Telegram bot —
 * that receive the account's events besides Web Push and e-mail. Per channel: which events, which
 * cards, whether the 3-D Secure code itself is included; a test message; a delivery log.
 *
 * Secrets (the webhook URL carries the bot's token; signing secrets; a Telegram bot token) are
 * write-only: the server seals them and answers a hint (host and last characters) instead
 * (docs/decisions.md "Messenger channels").
 */
import { z } from 'zod';
import { endpoint, isoTime, nothing, pageOf, pageQuery } from './core';
import { optionalText, requiredText } from './fields';

export const channelKinds = ['wecom', 'dingtalk', 'feishu', 'telegram'] as const;
export type ChannelKind = (typeof channelKinds)[number];
/** 3-D Secure codes, declines, credited top-ups, a card or wallet balance falling below a threshold. */
export const channelEvents = ['otp', 'decline', 'topup', 'low_balance'] as const;
export type ChannelEvent = (typeof channelEvents)[number];
/** Every card of the account, the cards of one card group, the cards one member opened. */
export const channelScopes = ['all', 'group', 'member'] as const;
export type ChannelScope = (typeof channelScopes)[number];
export const deliveryStatuses = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const CHANNEL_NAME_MAX = 32;
/** Channels one account may have. */
export const CHANNELS_MAX = 20;

const channelId = z.string({ error: 'common:validation.required' }).trim().min(1).max(64);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'common:validation.invalidField' })
  .transform((value) => value === true || value === 'true' || value === '1');

export const channelView = z.object({
  id: z.string(),
  kind: z.enum(channelKinds),
  name: z.string(),
  /** Where it sends, without the token: e.g. `qyapi.weixin.qq.com … 9f3a`. */
  targetHint: z.string(),
  /** A signing secret is stored (DingTalk, Feishu). */
  hasSecret: z.boolean(),
  events: z.array(z.enum(channelEvents)),
  cardScope: z.enum(channelScopes),
  cardGroupId: z.string().nullable(),
  scopeSubAccountId: z.string().nullable(),
  showCode: z.boolean(),
  /** Minor units of each balance's own currency. */
  lowBalance: z.number().int().nullable(),
  lang: z.enum(['zh-CN', 'en']),
  enabled: z.boolean(),
  /** Set up by a member (its nickname), null: by the account holder. */
  memberName: z.string().nullable(),
  lastDelivery: z.object({ status: z.enum(deliveryStatuses), at: isoTime }).nullable(),
  createdAt: isoTime,
});
export type ChannelView = z.infer<typeof channelView>;

export const channelList = endpoint({
  id: 'channels.list',
  method: 'GET',
  path: '/api/channels/list',
  encoding: 'query',
  auth: 'bearer',
  permission: 'personal:channels',
  summary:
    'The messenger channels the caller manages (the account holder: all of the account; a member: its own), ' +
    'with the card groups and members a channel can be scoped to.',
  request: z.object({}),
  response: z.object({
    channels: z.array(channelView),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
    members: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

export const channelSave = endpoint({
  id: 'channels.save',
  method: 'POST',
  path: '/api/channels/save',
  encoding: 'json',
  auth: 'bearer',
  permission: 'personal:channels',
  answers: [404],
  summary:
    'Adds a channel (without `id`) or changes one. `webhook`: the bot’s webhook URL (WeCom, DingTalk, ' +
    'Feishu/Lark), or for Telegram the bot token (or `https://api.telegram.org/bot<token>`); left out when ' +
    'changing, the stored one stays. `secret`: the signing secret (DingTalk, Feishu); `clearSecret` removes it. ' +
    'In production only the services’ own hosts are accepted.',
  request: z.object({
    id: optionalText(channelId),
    kind: z.enum(channelKinds, { error: 'server:channels.kindRequired' }),
    name: requiredText(CHANNEL_NAME_MAX),
    webhook: optionalText(z.string().trim().max(600, { error: 'common:validation.tooLong' })),
    secret: optionalText(z.string().trim().max(200, { error: 'common:validation.tooLong' })),
    clearSecret: flag.optional(),
    chatId: optionalText(
      z
        .string()
        .trim()
        .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, { error: 'server:channels.badChatId' }),
    ),
    events: z
      .array(z.enum(channelEvents, { error: 'server:channels.eventsRequired' }), {
        error: 'server:channels.eventsRequired',
      })
      .min(1, { error: 'server:channels.eventsRequired' })
      .max(channelEvents.length),
    cardScope: z.enum(channelScopes).default('all'),
    cardGroupId: optionalText(channelId),
    scopeSubAccountId: optionalText(channelId),
    showCode: flag.default(false),
    lowBalance: optionalText(z.coerce.number().int().min(1).max(100_000_000_000)),
    enabled: flag.default(true),
  }),
  response: z.object({ id: z.string() }),
});
export type ChannelSaveInput = z.input<typeof channelSave.request>;

export const channelRemove = endpoint({
  id: 'channels.remove',
  method: 'POST',
  path: '/api/channels/remove',
  encoding: 'json',
  auth: 'bearer',
  permission: 'personal:channels',
  answers: [404],
  summary: 'Removes a channel and its delivery log.',
  request: z.object({ id: channelId }),
  response: nothing,
});

export const channelTest = endpoint({
  id: 'channels.test',
  method: 'POST',
  path: '/api/channels/test',
  encoding: 'json',
  auth: 'bearer',
  permission: 'personal:channels',
  answers: [404],
  summary: 'Queues a test message to the channel; its delivery shows in the log within seconds.',
  request: z.object({ id: channelId }),
  response: z.object({ deliveryId: z.string() }),
});

export const deliveryView = z.object({
  id: z.string(),
  kind: z.enum([...channelEvents, 'test']),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  /** When a pending delivery is tried next (after a failure: exponential back-off). */
  nextAttemptAt: isoTime.nullable(),
  lastError: z.string().nullable(),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const channelDeliveries = endpoint({
  id: 'channels.deliveries',
  method: 'GET',
  path: '/api/channels/deliveries',
  encoding: 'query',
  auth: 'bearer',
  permission: 'personal:channels',
  answers: [404],
  summary: 'The channel’s delivery log, newest first (kept 30 days).',
  request: pageQuery.extend({ id: channelId }),
  response: pageOf(deliveryView),
});

export const channelsEndpoints = [
  channelList,
  channelSave,
  channelRemove,
  channelTest,
  channelDeliveries,
] as const;
