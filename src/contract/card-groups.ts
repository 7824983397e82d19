/**
 * Card groups (spec §1 "Group and tag cards", §3 "Card group", §7 "Card groups"): a customer's own
 * folders of cards. A card is in at most one group; removing a group leaves its cards ungrouped.
 *
 * Designed where the spec is silent (docs/decisions.md, "Card groups and tags"):
 * - names are unique per customer, compared after Unicode NFKC folding and lower-casing, so
 *   "Ads", "ADS" and full-width "ＡＤＳ" are one name;
 * - a group records who created it (the main account or a sub-account); a sub-account user sees
 *   only the groups it created or that hold its own cards, and counts and sums only its own cards;
 * - `spend` is the per-group spending panel; `preview` tells what a bulk action on a selection or
 *   a whole group would do before the customer confirms it.
 */
import { z } from 'zod';
import { cardIdList, declineReason } from './cards';
import type { RequestOf } from './core';
import {
  currencyCode,
  endpoint,
  isoTime,
  minorUnits,
  nothing,
  pageOf,
  pageQuery,
  SPREADSHEET_MEDIA,
} from './core';
import { mailCode, minorAmount, optionalText, requiredText, stepUpTicket } from './fields';

export const GROUP_NAME_MAX = 32;
/** A merge takes at most this many groups at once. */
export const MERGE_MAX = 50;

export const groupName = z
  .string({ error: 'cardGroups:validation.nameRequired' })
  .trim()
  .min(1, { error: 'cardGroups:validation.nameRequired' })
  .max(GROUP_NAME_MAX, { error: 'common:validation.tooLong' });

const groupId = z
  .string({ error: 'cardGroups:validation.chooseGroup' })
  .trim()
  .min(1, { error: 'cardGroups:validation.chooseGroup' })
  .max(64, { error: 'cardGroups:validation.chooseGroup' });

const groupIdList = (max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
      z.array(z.string().trim().min(1).max(64)),
    )
    .pipe(
      z
        .array(z.string())
        .min(1, { error: 'cardGroups:validation.chooseGroup' })
        .max(max, { error: 'cardGroups:validation.tooManyGroups' }),
    );

export const cardGroupView = z.object({
  id: z.string(),
  name: z.string(),
  /** Cards in the group the caller may see (deleted cards are not counted). */
  cardCount: z.number().int(),
  /** Sum of the USD balances of those cards. */
  balance: minorUnits,
  /** USD spent by those cards this calendar month (UTC+8): settled minus refunded. */
  monthSpend: minorUnits,
  currency: currencyCode,
  pinned: z.boolean(),
  /** `main`, or the sub-account id that created it. */
  creator: z.string(),
  /** Who created it as the screen names them (spec §3): null for the main account, else the
   * member's nickname and number as they are now. */
  creatorMember: z.object({ nickname: z.string(), subUid: z.string() }).nullable(),
  createdAt: isoTime,
});
export type CardGroupView = z.infer<typeof cardGroupView>;

export const cardGroupPage = endpoint({
  id: 'cardGroups.page',
  method: 'GET',
  path: '/api/cardGroup/page',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:groups',
  summary: 'The caller’s card groups, pinned first, then newest first, with count, balance and month spend.',
  request: pageQuery.extend({ name: optionalText(z.string().trim().max(GROUP_NAME_MAX)) }),
  response: pageOf(cardGroupView),
});

export const cardCountNg = endpoint({
  id: 'cardGroups.cardCountNg',
  method: 'GET',
  path: '/api/cardGroup/cardCountNg',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:groups',
  summary: 'How many of the caller’s cards (not deleted) are in no group.',
  request: z.object({}),
  response: z.object({ count: z.number().int() }),
});

export const cardGroupAdd = endpoint({
  id: 'cardGroups.add',
  method: 'POST',
  path: '/api/cardGroup/add',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Create a group (409 when the name is taken, case-insensitively).',
  request: z.object({ name: groupName }),
  response: cardGroupView,
});

export const cardGroupUpdate = endpoint({
  id: 'cardGroups.update',
  method: 'POST',
  path: '/api/cardGroup/update',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Rename a group.',
  request: z.object({ id: groupId, name: groupName }),
  response: cardGroupView,
});

export const cardGroupCardCount = endpoint({
  id: 'cardGroups.cardCount',
  method: 'POST',
  path: '/api/cardGroup/cardCount',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:groups',
  summary: 'How many cards (not deleted) each of the given groups holds.',
  request: z.object({ ids: groupIdList(100) }),
  response: z.array(z.object({ id: z.string(), count: z.number().int() })),
});

export const cardGroupUp = endpoint({
  id: 'cardGroups.upGroup',
  method: 'POST',
  path: '/api/cardGroup/upGroup',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Pin a group to the top of the list (up=1) or unpin it (up=0).',
  request: z.object({ id: groupId, up: z.enum(['0', '1'], { error: 'common:validation.invalidField' }) }),
  response: cardGroupView,
});

export const cardGroupRemove = endpoint({
  id: 'cardGroups.remove',
  method: 'POST',
  path: '/api/cardGroup/remove',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Delete a group; its cards stay, in no group.',
  request: z.object({ id: groupId }),
  response: z.object({ ungrouped: z.number().int() }),
});

export const cardGroupBatchRemove = endpoint({
  id: 'cardGroups.batchRemove',
  method: 'POST',
  path: '/api/cardGroup/batchRemove',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Delete several groups, all or nothing; their cards stay, in no group.',
  request: z.object({ ids: groupIdList(MERGE_MAX) }),
  response: z.object({ removed: z.number().int(), ungrouped: z.number().int() }),
});

export const cardGroupMerge = endpoint({
  id: 'cardGroups.merge',
  method: 'POST',
  path: '/api/cardGroup/merge',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary:
    'Move the cards of `ids` into `targetId` and delete those groups, in one transaction; the group log names what moved.',
  request: z.object({ ids: groupIdList(MERGE_MAX), targetId: groupId }),
  response: z.object({ target: cardGroupView, moved: z.number().int(), removed: z.number().int() }),
});

/** `gid` empty: take the cards out of their group. */
const targetGroup = optionalText(groupId);

export const editBatchGroup = endpoint({
  id: 'cardGroups.editBatchGroup',
  method: 'POST',
  path: '/api/cardGroup/editBatchGroup',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Move several cards into a group (or out of any group when `gid` is empty), all or nothing.',
  request: z.object({ cardIds: cardIdList, gid: targetGroup }),
  response: z.object({ moved: z.number().int() }),
});

export const editCardGroup = endpoint({
  id: 'cardGroups.editCardGroup',
  method: 'POST',
  path: '/api/cardGroup/editCardGroup',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:groupsManage',
  summary: 'Move one card into a group (or out of any group when `gid` is empty).',
  request: z.object({ cardId: requiredText(64), gid: targetGroup }),
  response: z.object({ moved: z.number().int() }),
});

export const cardGroupDown = endpoint({
  id: 'cardGroups.cardDown',
  answers: [428],
  method: 'GET',
  path: '/api/cardGroup/cardDown',
  encoding: 'query',
  auth: 'bearer',
  answer: 'file',
  media: SPREADSHEET_MEDIA,
  audited: true,
  permission: 'card:export',
  summary:
    'The group’s cards as XLSX or CSV, by the card export’s rules: full numbers only with `full=1`, the e-mail code of card/down/getCode and a `card_export_full` step-up ticket (428 without).',
  request: z.object({
    id: groupId,
    format: z.enum(['xlsx', 'csv']).default('xlsx'),
    full: optionalText(z.enum(['0', '1'])),
    code: optionalText(mailCode),
    stepUpTicket: optionalText(stepUpTicket),
  }),
  response: nothing,
});

export const SPEND_WINDOWS = ['7', '30'] as const;

export const groupSpendView = z.object({
  groupId: z.string(),
  days: z.number().int(),
  currency: currencyCode,
  /** One point per calendar day (UTC+8), oldest first: settled USD spend minus refunds. */
  daily: z.array(z.object({ date: z.string(), amount: minorUnits })),
  total: minorUnits,
  approved: z.number().int(),
  declined: z.number().int(),
  /** Basis points of all authorizations in the window; 0 when there were none. */
  approvalRateBp: z.number().int(),
  declineRateBp: z.number().int(),
  topDeclineReasons: z.array(z.object({ reason: declineReason, text: z.string(), count: z.number().int() })),
  topMerchants: z.array(z.object({ name: z.string(), amount: minorUnits, count: z.number().int() })),
  /** 3-D Secure challenges (codes sent) in the window. */
  challenges: z.number().int(),
});
export type GroupSpendView = z.infer<typeof groupSpendView>;

/** Designed: the spending panel of a group (issue 15 §2). `id` empty: the cards in no group. */
export const cardGroupSpend = endpoint({
  id: 'cardGroups.spend',
  method: 'GET',
  path: '/api/cardGroup/spend',
  encoding: 'query',
  auth: 'bearer',
  audited: false,
  permission: 'card:groups',
  summary:
    'A group’s spending over the last 7 or 30 days: daily USD spend, approval rate, declines, merchants, 3DS.',
  request: z.object({
    id: groupId,
    days: z.enum(SPEND_WINDOWS, { error: 'common:validation.invalidField' }).default('7'),
  }),
  response: groupSpendView,
});

export const BULK_ACTIONS = ['freeze', 'activate', 'recharge', 'delete'] as const;
export const bulkAction = z.enum(BULK_ACTIONS, { error: 'common:validation.invalidField' });
export type BulkAction = z.infer<typeof bulkAction>;

export const SKIP_REASONS = [
  'alreadyFrozen',
  'alreadyActive',
  'deleted',
  'riskFrozen',
  'frozenNoRecharge',
  'pending',
] as const;

/**
 * Designed: what a bulk action would do, before the customer confirms it. Either `cardIds` (a
 * selection) or `groupId` (a whole group). Nothing changes; the PWA then runs the action on the
 * `affected` cards and shows progress.
 */
export const cardGroupPreview = endpoint({
  id: 'cardGroups.preview',
  method: 'POST',
  path: '/api/cardGroup/preview',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:groups',
  summary: 'Preview a freeze, activate, recharge or delete on a selection or a whole group.',
  request: z
    .object({
      action: bulkAction,
      cardIds: optionalText(cardIdList),
      groupId: optionalText(groupId),
      /** Recharge only: minor units per card. */
      amount: optionalText(minorAmount('common:validation.amount')),
    })
    .refine((v) => v.cardIds !== undefined || v.groupId !== undefined, {
      error: 'cards:validation.chooseCards',
      path: ['cardIds'],
    })
    .refine((v) => v.action !== 'recharge' || v.amount !== undefined, {
      error: 'common:validation.amount',
      path: ['amount'],
    }),
  response: z.object({
    action: bulkAction,
    affected: z.array(
      z.object({ id: z.string(), serial: z.string(), last4: z.string(), balance: minorUnits }),
    ),
    skipped: z.array(
      z.object({
        id: z.string(),
        serial: z.string(),
        last4: z.string(),
        reason: z.enum(SKIP_REASONS),
        text: z.string(),
      }),
    ),
    currency: currencyCode,
    /**
     * Money that would move, minor units of USD: balances returned to the wallet (delete) or loaded
     * onto the cards before fees (recharge); 0 for freeze and activate.
     */
    money: minorUnits,
  }),
});

export const cardGroupsEndpoints = [
  cardGroupPage,
  cardCountNg,
  cardGroupAdd,
  cardGroupUpdate,
  cardGroupCardCount,
  cardGroupUp,
  cardGroupRemove,
  cardGroupBatchRemove,
  cardGroupMerge,
  editBatchGroup,
  editCardGroup,
  cardGroupDown,
  cardGroupSpend,
  cardGroupPreview,
] as const;

export type PreviewRequest = RequestOf<typeof cardGroupPreview>;
