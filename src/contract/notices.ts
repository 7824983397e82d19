/**
 * Notices (spec §1, §2 Header, §3 Notice, §4 "unread to read", §7 Notices) and the value lists of
 * `/api/enum/list`.
 *
 * `/api/enum/list` lives here as `notices.enumList` because it is data the shell loads beside the
 * notices (the header, filters and selects read it) and it has no domain of its own in
 * architecture.md. It is public and the service worker caches it, so it must never carry anything
 * that depends on who asks — only on the language.
 *
 * Every notice call answers in the caller's language (`Accept-Language`): a notice is written in one
 * language and each language has its own notices. Read state is per user: the main account user and
 * each sub-account user keep their own.
 *
 * readNotice and moveNotice are GET as spec §7 lists them. That is safe here: they are idempotent,
 * authorised by the bearer header (never a cookie, so no cross-site request can trigger them) and no
 * cache stores notice answers.
 */
import { z } from 'zod';
import { accountType } from './account';
import { currencyCode, endpoint, isoTime, pageOf, pageQuery } from './core';
import { optionalText } from './fields';

/** Spec §9: the header and the notice centre show 10 notices a page. */
export const NOTICE_PAGE_SIZE = 10;

export const noticeKind = z.enum(['banner', 'normal']);
export type NoticeKind = z.infer<typeof noticeKind>;

export const noticeLang = z.enum(['zh-CN', 'en']);

/** A notice id: opaque string (api-conventions "Ids"). */
const noticeId = z
  .string({ error: 'server:notices.idRequired' })
  .trim()
  .min(1, { error: 'server:notices.idRequired' })
  .max(64, { error: 'server:notices.idRequired' });

/**
 * Spec §3 Notice: id, title, createTime, msg (HTML body). The carousel uses id, title and msg of the
 * same item. `msg` was sanitised when the notice was stored; the PWA sanitises it again (DOMPurify)
 * before showing it. `createTime` is the publication time.
 */
export const noticeItem = z.object({
  id: z.string(),
  title: z.string(),
  msg: z.string(),
  createTime: isoTime,
  kind: noticeKind,
  /** Whether this user has read it (spec §4: unread to read). */
  read: z.boolean(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

/** The scrolling banner's notice (spec §1): id, title, msg, createTime. */
export const bannerItem = noticeItem.pick({ id: true, title: true, msg: true, createTime: true });
export type BannerItem = z.infer<typeof bannerItem>;

/** Query-string flag: `1`/`true` or `0`/`false` (a plain coercion would read "false" as true). */
const queryFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'common:validation.invalidField' })
  .transform((v) => v === '1' || v === 'true');

export const list = endpoint({
  id: 'notices.list',
  method: 'GET',
  path: '/api/notice/list',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary:
    "Published notices in the caller's language, newest first, each with this user's read flag. The header " +
    'asks for pageNo=1, pageSize=10 and reads data.data (carousel and "more notices" dialog).',
  request: pageQuery,
  response: pageOf(noticeItem),
});

export const page = endpoint({
  id: 'notices.page',
  method: 'GET',
  path: '/api/notice/page',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary:
    'The notice centre: like list, with optional filters. `keyword` matches the title (case-insensitive); ' +
    '`unreadOnly=1` keeps the notices this user has not read.',
  request: pageQuery.extend({
    keyword: optionalText(z.string().trim().max(50, { error: 'server:notices.keywordTooLong' })),
    unreadOnly: optionalText(queryFlag),
  }),
  response: pageOf(noticeItem),
});

export const noticeForUser = endpoint({
  id: 'notices.noticeForUser',
  method: 'GET',
  path: '/api/notice/noticeForUser',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary:
    "This user's unread count in the caller's language and the newest unread notice (null when all are read).",
  request: z.object({}),
  response: z.object({ unread: z.number().int(), latest: noticeItem.nullable() }),
});

export const userNotice = endpoint({
  id: 'notices.userNotice',
  method: 'GET',
  path: '/api/notice/userNotice',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  summary:
    "The shell's per-user notice state. `banner`: the newest published banner notice in the caller's " +
    'language that this user has not dismissed with moveNotice ("I know"), or null. `firstVisit`: true ' +
    'while this user has neither read nor dismissed any notice; the side menu then pre-opens the finance, ' +
    'card and personal sections (spec §2, storage key `guide`).',
  request: z.object({}),
  response: z.object({ banner: bannerItem.nullable(), firstVisit: z.boolean() }),
});

export const readNotice = endpoint({
  id: 'notices.readNotice',
  method: 'GET',
  path: '/api/notice/readNotice',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  audited: false,
  summary:
    'Mark a notice read for this user (unread to read). Idempotent: reading it again keeps the first ' +
    'readAt. Answers the remaining unread count. Unknown or unpublished id: 422.',
  request: z.object({ id: noticeId }),
  response: z.object({ id: z.string(), readAt: isoTime, unread: z.number().int() }),
});

export const moveNotice = endpoint({
  id: 'notices.moveNotice',
  method: 'GET',
  path: '/api/notice/moveNotice',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  audited: false,
  summary:
    'The banner\'s "I know" button: moves the notice out of this user\'s banner for good and marks it read. ' +
    'The notice stays in list and page. Idempotent (the first dismissedAt is kept). Answers the remaining ' +
    'unread count and the banner to show next (the next undismissed banner notice, or null). ' +
    'Unknown or unpublished id: 422.',
  request: z.object({ id: noticeId }),
  response: z.object({
    id: z.string(),
    dismissedAt: isoTime,
    unread: z.number().int(),
    banner: bannerItem.nullable(),
  }),
});

// ---- /api/enum/list ------------------------------------------------------------------------------

/**
 * Value lists. These are the canonical values until their own domains (cards, records, topups)
 * declare them; those domains should then import or re-export these so the lists stay one.
 */
export const cardStatus = z.enum(['active', 'frozen', 'deleted']);
/** The same values as records.ts tradeStatus (the records filters send them back). */
export const tradeStatus = z.enum(['pending', 'completed', 'declined', 'refunded', 'reversed']);
export const topupChannel = z.enum([
  'wechat',
  'alipay',
  'unionpay',
  'usdt_trc20',
  'bank_card',
  'usd_transfer',
]);

/** Spec §3: symbols are known for these four only. */
export const CURRENCY_SYMBOLS: Partial<Record<z.infer<typeof currencyCode>, string>> = {
  CNY: '¥',
  USD: '$',
  GBP: '£',
  EUR: '€',
};

export const ENUM_VALUES = {
  currency: currencyCode.options,
  cardStatus: cardStatus.options,
  tradeStatus: tradeStatus.options,
  accountType: accountType.options,
  topupChannel: topupChannel.options,
} as const;

export type EnumType = keyof typeof ENUM_VALUES;
export const enumType = z.enum(Object.keys(ENUM_VALUES) as [EnumType, ...EnumType[]], {
  error: 'server:notices.unknownEnumType',
});

export const enumItem = z.object({
  value: z.string(),
  /** In the caller's language. */
  label: z.string(),
  /** Currencies only, where a symbol is known (CNY ¥, USD $, GBP £, EUR €). */
  symbol: z.string().optional(),
});
export type EnumItem = z.infer<typeof enumItem>;

export const enumList = endpoint({
  id: 'notices.enumList',
  method: 'GET',
  path: '/api/enum/list',
  encoding: 'query',
  auth: 'none',
  summary:
    'A value list for selects and filters: type = currency | cardStatus | tradeStatus | accountType | ' +
    "topupChannel. Items { value, label, symbol? } with labels in the caller's language. Public and " +
    'cacheable (the service worker caches it; the answer varies by Accept-Language only). Unknown type: 400.',
  request: z.object({ type: enumType }),
  response: z.array(enumItem),
});

export const noticesEndpoints = [list, page, noticeForUser, userNotice, readNotice, moveNotice, enumList];
