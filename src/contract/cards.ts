/**
 * Cards (spec §7 "Cards"): costs, opening (single, batch, Excel), the list, every per-card action,
 * details, 3-D Secure codes, the scenario query and exports.
 *
 * Costs: every `*Cost` call answers a breakdown with one total per debit account (CNY and USD
 * wallets); the action that follows names its debit account and the total the customer saw
 * (`expectTotal`), and is refused with 409 when the price changed meanwhile. Money moves only in
 * the idempotent actions (Idempotency-Key header).
 */
import { z } from 'zod';
import {
  BATCH_ACTION_MAX,
  BATCH_OPEN_MAX,
  CITY_MAX,
  DECLINE_REASONS,
  isValidPostcode,
  LABEL_MAX,
  NAME_MAX,
  STREET_MAX,
} from './card-rules';
import {
  currencyCode,
  endpoint,
  isoTime,
  minorUnits,
  nothing,
  pageOf,
  pageQuery,
  SPREADSHEET_MEDIA,
  XLSX_MEDIA,
} from './core';
import { googleCode, mailCode, minorAmount, optionalText, requiredText, stepUpTicket } from './fields';
import { amountMinor, calendarDate } from './finance';
import { cardNetwork } from './segments';
import { networkAddress, networkName } from './text-rules';

// ---------------------------------------------------------------------------------------------
// Shared shapes

export const cardStatus = z.enum(['active', 'frozen', 'deleted'], {
  error: 'common:validation.invalidField',
});
export type CardStatus = z.infer<typeof cardStatus>;
export const debitCurrency = z.enum(['CNY', 'USD'], { error: 'cards:validation.debitAccount' });
export type DebitCurrency = z.infer<typeof debitCurrency>;
export const declineReason = z.enum(DECLINE_REASONS);

const cardId = requiredText(64);
export const cardIdList = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(z.string().trim().min(1).max(64)),
  )
  .pipe(
    z
      .array(z.string())
      .min(1, { error: 'cards:validation.chooseCards' })
      .max(BATCH_ACTION_MAX, { error: 'cards:validation.tooManyCards' }),
  );

/**
 * Holder name and billing address (spec §3) in what card networks accept (text-rules.ts); the
 * postcode is checked per country (spec §5).
 */
export const holderFields = z
  .object({
    holderFirstName: networkName(NAME_MAX),
    holderLastName: networkName(NAME_MAX),
    street: networkAddress(STREET_MAX),
    city: networkAddress(CITY_MAX),
    state: networkAddress(CITY_MAX),
    postcode: requiredText(12),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: 'common:validation.invalidField' })
      .transform((v) => v.toUpperCase())
      .default('US'),
  })
  .refine((v) => isValidPostcode(v.country, v.postcode), {
    error: 'common:validation.zipCode',
    path: ['postcode'],
  });
export type HolderFields = z.infer<typeof holderFields>;
/** The holder fields in form (and import template) order. */
export const HOLDER_KEYS = [
  'holderFirstName',
  'holderLastName',
  'street',
  'city',
  'state',
  'postcode',
  'country',
] as const satisfies readonly (keyof HolderFields)[];

/** Payment of a card action: which wallet pays, and the total the customer was shown. */
const payment = {
  debitCurrency,
  /** Minor units of `debitCurrency`, as quoted by the matching `*Cost` call. */
  expectTotal: z.coerce
    .number({ error: 'common:validation.amount' })
    .int({ error: 'common:validation.amount' }),
};

/** The team member holding a card, as the owner's team list shows it. */
export const cardMember = z.object({ id: z.string(), subUid: z.string(), nickname: z.string() });
export type CardMember = z.infer<typeof cardMember>;

export const cardView = z.object({
  id: z.string(),
  serial: z.string(),
  segmentId: z.string(),
  segmentName: z.string(),
  network: cardNetwork,
  bin: z.string(),
  currency: currencyCode,
  last4: z.string(),
  holderName: z.string(),
  balance: minorUnits,
  /** Cumulative consumption. */
  spent: minorUnits,
  status: cardStatus,
  /**
   * Set when frozen: by the customer, by the decline-rate rule, or by the expiry policy of the
   * member who held it (only the owner activates it again).
   */
  frozenBy: z.enum(['customer', 'risk', 'expiry']).nullable(),
  label: z.string().nullable(),
  createdAt: isoTime,
  /** `card/pageForSub` only: the member holding the card (the owner's team list shows it). */
  member: cardMember.nullable().optional(),
});
export type CardView = z.infer<typeof cardView>;

/** A price for one debit account. */
export const debitTotal = z.object({
  debitCurrency,
  /** CNY per 1 card-currency unit, in millionths; null when the wallet is in the card's currency. */
  rateMicros: z.number().int().nullable(),
  /** What the wallet is charged, minor units of `debitCurrency`. */
  total: minorUnits,
  /** The wallet's balance now, to show whether it is enough. */
  balance: minorUnits,
  enough: z.boolean(),
});

export const costBreakdown = z.object({
  cardCurrency: currencyCode,
  /** How many cards the cost covers. */
  count: z.number().int(),
  /** Loaded onto the card(s), in all. */
  amount: minorUnits,
  openFee: minorUnits,
  rechargeFee: minorUnits,
  /** Taken off the fees by the coupon. */
  discount: minorUnits,
  couponId: z.string().nullable(),
  /** amount + openFee + rechargeFee - discount, in the card's currency. */
  subtotal: minorUnits,
  totals: z.array(debitTotal),
});
export type CostBreakdown = z.infer<typeof costBreakdown>;

// ---------------------------------------------------------------------------------------------
// Opening

const openFields = {
  segmentId: requiredText(64),
  /** First load per card, minor units of the segment's currency. */
  amount: amountMinor,
  couponId: optionalText(z.string().trim().max(64)),
};

export const openCardCost = endpoint({
  id: 'cards.openCardCost',
  method: 'POST',
  path: '/api/card/openCardCost',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:open',
  summary: 'The exact cost of opening one card: load, fees, coupon, total per wallet.',
  request: z.object(openFields),
  response: costBreakdown,
});

export const batchOpenCardCost = endpoint({
  id: 'cards.batchOpenCardCost',
  method: 'POST',
  path: '/api/card/BatchOpenCardCost',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:open',
  summary: 'The exact cost of opening `count` cards with the same first load.',
  request: z.object({
    ...openFields,
    count: z.coerce
      .number({ error: 'cards:validation.count' })
      .int({ error: 'cards:validation.count' })
      .min(1, { error: 'cards:validation.count' })
      .max(BATCH_OPEN_MAX, { error: 'cards:validation.count' }),
  }),
  response: costBreakdown,
});

/** Tag ids as a comma-separated form field or an array (tags.ts). */
export const tagIdList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z.array(z.string().trim().min(1).max(64)).max(20, { error: 'tags:validation.tooManyTags' }),
);

const cardExtras = {
  label: optionalText(z.string().trim().max(LABEL_MAX, { error: 'common:validation.tooLong' })),
  /** The card group the new cards go into (card-groups.ts). */
  gid: optionalText(z.string().trim().max(64)),
  /** Tags the new cards carry. */
  tagIds: optionalText(tagIdList),
  /** A saved spending-rule template the new cards get (spending-templates.ts; needs `card:limits`). */
  spendTemplateId: optionalText(z.string().trim().max(64)),
};

export const newCard = endpoint({
  id: 'cards.newCard',
  answers: [503],
  method: 'POST',
  path: '/api/card/newCard',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:open',
  summary: 'Open one card: the wallet is charged the quoted total in the transaction that records the card.',
  request: z.intersection(holderFields, z.object({ ...openFields, ...payment, ...cardExtras })),
  response: z.object({ card: cardView, txnNo: z.string() }),
});

export const batchResult = z.object({
  batchId: z.string(),
  status: z.enum(['issuing', 'done', 'failed']),
  total: z.number().int(),
  /** Cards issued so far (progress while `issuing`). */
  issued: z.number().int(),
  failureReason: z.string().nullable(),
  /** The cards of a finished batch (at most the first 500). */
  cards: z.array(cardView),
  txnNo: z.string().nullable(),
});
export type BatchResult = z.infer<typeof batchResult>;

export const batchOpenCard = endpoint({
  id: 'cards.batchOpenCard',
  answers: [503],
  method: 'POST',
  path: '/api/card/batchOpenCard',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:open',
  summary:
    'Open up to 500 cards with one holder and first load, all or nothing. The Idempotency-Key is the batch id: `batchCard` reports progress meanwhile.',
  request: z.intersection(
    holderFields,
    z.object({
      ...openFields,
      ...payment,
      ...cardExtras,
      count: z.coerce.number().int().min(1).max(BATCH_OPEN_MAX),
    }),
  ),
  response: batchResult,
});

export const batchCard = endpoint({
  id: 'cards.batchCard',
  method: 'POST',
  path: '/api/card/batchCard',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:open',
  audited: false,
  summary: 'Progress, then result, of a batch opening (batch id = the Idempotency-Key it was sent with).',
  request: z.object({ batchId: requiredText(128) }),
  response: batchResult,
});

export const importTemplate = endpoint({
  id: 'cards.importTemplate',
  method: 'GET',
  path: '/api/card/importTemplate',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:open',
  answer: 'file',
  media: [XLSX_MEDIA],
  audited: false,
  summary: 'The Excel template for opening cards by import, headed in the caller’s language.',
  request: z.object({}),
  response: nothing,
});

/** One wrong row of an import: its number as the spreadsheet shows it, the column and why. */
export const importProblem = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

/** The fields of an import (spec §7: file, unit, optional gid, couponId; tags designed). */
const importFields = {
  file: z.instanceof(File, { error: 'common:validation.file' }),
  /** The debit account (wallet) that pays. */
  unit: debitCurrency,
  gid: optionalText(z.string().trim().max(64)),
  tagIds: optionalText(tagIdList),
  couponId: optionalText(z.string().trim().max(64)),
};

export const importCost = z.object({
  unit: debitCurrency,
  /** Cards the file opens. */
  count: z.number().int(),
  /** What the debit account will be charged, in all: the sum of the parts' totals in `unit`. */
  total: minorUnits,
  /** The debit account's balance now. */
  balance: minorUnits,
  enough: z.boolean(),
  /** One breakdown per segment and first load of the file, in the file's order. */
  parts: z.array(costBreakdown),
});
export type ImportCost = z.infer<typeof importCost>;

export const importDataCost = endpoint({
  id: 'cards.importDataCost',
  method: 'POST',
  path: '/api/card/importDataCost',
  encoding: 'multipart',
  auth: 'bearer',
  audited: false,
  permission: 'card:open',
  summary:
    'The exact cost of opening the cards of a filled-in template, after the same checks as `importData` (a wrong row answers 422 with `data.problems`). Nothing is opened or charged.',
  request: z.object(importFields),
  response: importCost,
});

export const importData = endpoint({
  id: 'cards.importData',
  answers: [503],
  method: 'POST',
  path: '/api/card/importData',
  encoding: 'multipart',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:open',
  summary:
    'Open the cards of a filled-in template. Every row is checked first; any wrong row opens nothing and the answer (422) lists the rows and reasons in `data.problems`. With `expectTotal` (the `total` of `importDataCost`) the charge must be exactly that, else 409 and nothing is opened.',
  request: z.object({
    ...importFields,
    /** The total the customer was shown by importDataCost, minor units of `unit`. */
    expectTotal: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    ),
  }),
  response: batchResult,
});

/**
 * Designed: a plausible holder name and billing address for the opening form ("fill in for me"),
 * for customers who open cards for their own ad or subscription accounts.
 */
export const autoCard = endpoint({
  id: 'cards.autoCard',
  method: 'GET',
  path: '/api/card/autoCard',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:open',
  summary: 'A generated holder name and US billing address for the opening form.',
  request: z.object({}),
  response: z.object({
    holderFirstName: z.string(),
    holderLastName: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
  }),
});

// ---------------------------------------------------------------------------------------------
// The list

export const cardFilter = z
  .object({
    status: optionalText(cardStatus),
    segmentId: optionalText(z.string().trim().max(64)),
    label: optionalText(z.string().trim().max(LABEL_MAX)),
    /** Inclusive balance range, minor units. */
    minBalance: optionalText(minorAmount('common:validation.balanceRange', 0)),
    maxBalance: optionalText(minorAmount('common:validation.balanceRange', 0)),
    /** Opening date range, inclusive calendar days (UTC+8). */
    startDate: optionalText(calendarDate),
    endDate: optionalText(calendarDate),
    last4: optionalText(
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, { error: 'cards:validation.last4' }),
    ),
    serial: optionalText(z.string().trim().max(64)),
    /** A card group's id, or `none` for the cards in no group (card-groups.ts). */
    groupId: optionalText(z.string().trim().max(64)),
    /** Cards carrying this tag (tags.ts). */
    tagId: optionalText(z.string().trim().max(64)),
  })
  .refine((v) => v.minBalance === undefined || v.maxBalance === undefined || v.minBalance <= v.maxBalance, {
    error: 'common:validation.balanceRange',
    path: ['minBalance'],
  });

export const cardPage = endpoint({
  id: 'cards.page',
  method: 'GET',
  path: '/api/card/page',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:list',
  summary: 'The caller’s cards, newest first, filtered and paged. Never the full number.',
  request: z.intersection(pageQuery, cardFilter),
  response: pageOf(cardView),
});

export const cardPageForSub = endpoint({
  id: 'cards.pageForSub',
  method: 'GET',
  path: '/api/card/pageForSub',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:list',
  summary:
    'The cards a sub-account user opened; for the main account, the cards its sub-accounts opened (one of them with `subAccountId`).',
  request: z.intersection(
    z.intersection(pageQuery, cardFilter),
    z.object({ subAccountId: optionalText(z.string().trim().max(64)) }),
  ),
  response: pageOf(cardView),
});

/**
 * Designed: what the filters of the card list can choose from — the segments and labels the
 * caller's cards actually have, and how many cards are in each status.
 */
/**
 * The decline-rate meter (home and the card list): the share of declined authorizations that the
 * rule of spec §9 watches (card-rules.ts: the last RISK_WINDOW_HOURS, counted from the latest risk
 * freeze when that is more recent), and the cards with the most declines. `scope` says whose:
 * `account` for the main account (the rule's own number), `own` for a member, who sees only the
 * records of the cards it opened.
 */
export const declineRate = endpoint({
  id: 'cards.declineRate',
  method: 'GET',
  path: '/api/card/declineRate',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:list',
  summary:
    'The decline rate the 5 % rule watches (last 24 hours), against its limit, with the cards that decline most. A member gets its own cards’ figures.',
  request: z.object({}),
  response: z.object({
    scope: z.enum(['account', 'own']),
    windowHours: z.number().int(),
    /** Counted from here: the window's start, or the latest risk freeze in it. */
    since: isoTime,
    authorizations: z.number().int(),
    declines: z.number().int(),
    /** declines × 10,000 / authorizations, rounded down; 0 without authorizations. */
    rateBp: z.number().int(),
    /** The rule fires strictly above this … */
    limitBp: z.number().int(),
    /** … once there are at least this many authorizations in the window. */
    minAuthorizations: z.number().int(),
    /** Up to 5 cards with declines in the window, most declines first. */
    cards: z.array(
      z.object({
        cardId: z.string(),
        serial: z.string(),
        last4: z.string(),
        authorizations: z.number().int(),
        declines: z.number().int(),
      }),
    ),
  }),
});
export type DeclineRate = z.infer<typeof declineRate.response>;

export const rangeList = endpoint({
  id: 'cards.rangeList',
  method: 'GET',
  path: '/api/card/rangeList',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:list',
  summary: 'Filter choices of the card list: segments and labels in use, counts by status.',
  request: z.object({}),
  response: z.object({
    segments: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
    labels: z.array(z.string()),
    statusCounts: z.object({ active: z.number().int(), frozen: z.number().int(), deleted: z.number().int() }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Per-card money actions

export const rechargeCost = endpoint({
  id: 'cards.rechargeCost',
  method: 'POST',
  path: '/api/card/rechargeCost',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:recharge',
  summary: 'The exact cost of loading an amount onto a card, per wallet.',
  request: z.object({ cardId, amount: amountMinor, couponId: optionalText(z.string().trim().max(64)) }),
  response: costBreakdown,
});

export const cardRecharge = endpoint({
  id: 'cards.recharge',
  method: 'POST',
  path: '/api/card/recharge',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:recharge',
  summary: 'Load a card from a wallet at the quoted total. Above 1000 USD: customer service (422).',
  request: z.object({
    cardId,
    amount: amountMinor,
    couponId: optionalText(z.string().trim().max(64)),
    ...payment,
  }),
  response: z.object({ card: cardView, txnNo: z.string() }),
});

export const batchRechargeCost = endpoint({
  id: 'cards.batchRechargeCost',
  method: 'POST',
  path: '/api/card/batchRechargeCost',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:recharge',
  summary: 'The exact cost of loading the same amount onto each of several cards.',
  request: z.object({ cardIds: cardIdList, amount: amountMinor }),
  response: costBreakdown,
});

export const batchRecharge = endpoint({
  id: 'cards.batchRecharge',
  method: 'POST',
  path: '/api/card/batchRecharge',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:recharge',
  summary: 'Load the same amount onto each card, all or nothing, at the quoted total.',
  request: z.object({ cardIds: cardIdList, amount: amountMinor, ...payment }),
  response: z.object({ cards: z.array(cardView), txnNo: z.string() }),
});

export const reduceAmount = endpoint({
  id: 'cards.reduceAmount',
  method: 'POST',
  path: '/api/card/reduceAmount',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:withdraw',
  summary: 'How much can be withdrawn from a card back to the wallet of its currency.',
  request: z.object({ cardId }),
  response: z.object({ currency: currencyCode, available: minorUnits, fee: minorUnits }),
});

export const cardReduce = endpoint({
  id: 'cards.reduce',
  method: 'POST',
  path: '/api/card/reduce',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:withdraw',
  summary: 'Withdraw an amount from a card back to the wallet of its currency.',
  request: z.object({ cardId, amount: amountMinor }),
  response: z.object({ card: cardView, txnNo: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Per-card state actions

export const cardFrozen = endpoint({
  id: 'cards.frozen',
  method: 'POST',
  path: '/api/card/frozen',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:freeze',
  summary: 'Freeze an active card, or activate a frozen one (after the customer confirmed).',
  request: z.object({
    cardId,
    action: z.enum(['freeze', 'activate'], { error: 'common:validation.invalidField' }),
  }),
  response: cardView,
});

export const cardDelete = endpoint({
  id: 'cards.delete',
  method: 'POST',
  path: '/api/card/delete',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:delete',
  summary:
    'Delete a card; its balance returns to the wallet. Refused (409) while authorizations are pending.',
  request: z.object({ cardId }),
  response: z.object({ card: cardView, refunded: minorUnits, txnNo: z.string().nullable() }),
});

export const cardBatchDelete = endpoint({
  id: 'cards.batchDelete',
  method: 'POST',
  path: '/api/card/batchDelete',
  encoding: 'form',
  auth: 'bearer',
  idempotent: true,
  permission: 'card:delete',
  summary: 'Delete several cards, all or nothing; balances return to the wallet.',
  request: z.object({ cardIds: cardIdList }),
  response: z.object({ deleted: z.number().int(), refunded: minorUnits, txnNo: z.string().nullable() }),
});

export const editAddress = endpoint({
  id: 'cards.editAddress',
  method: 'POST',
  path: '/api/card/editAddress',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:edit',
  summary: 'Change the holder name and billing address of a card.',
  request: z.intersection(holderFields, z.object({ cardId })),
  response: cardView,
});

export const cardEventView = z.object({
  id: z.string(),
  action: z.string(),
  /** `main`, a sub-account's nickname, `system` or `risk`. */
  actor: z.string(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoTime,
});

export const cardLog = endpoint({
  id: 'cards.cardLog',
  method: 'POST',
  path: '/api/card/cardLog',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:list',
  audited: false,
  summary: 'A card’s history: who did what and when, newest first.',
  request: pageQuery.extend({ cardId }),
  response: pageOf(cardEventView),
});

// ---------------------------------------------------------------------------------------------
// Details, balance, bill

export const cardDetail = endpoint({
  id: 'cards.detail',
  answers: [428],
  method: 'POST',
  path: '/api/card/detail',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:detail',
  summary:
    "The full number, expiry and CVV, on request only. A fresh Google code is required when Google Authenticator is bound (428 `{ need: 'google' }`), otherwise a `card_reveal` step-up ticket (428 `{ stepUp: 'card_reveal' }`); a step-up ticket (e.g. from a passkey) is accepted in both cases. After a reveal that spent one, the session's reveals need nothing until `trustedUntil` (5 minutes). Every reveal is logged.",
  request: z.object({
    cardId,
    googleCode: optionalText(googleCode),
    stepUpTicket: optionalText(stepUpTicket),
  }),
  response: z.object({
    cardId: z.string(),
    pan: z.string(),
    cvv: z.string(),
    expiryMonth: z.number().int(),
    expiryYear: z.number().int(),
    holderFirstName: z.string(),
    holderLastName: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: z.string(),
    country: z.string(),
    /** The PWA hides the details again after this many seconds. */
    hideAfterSeconds: z.number().int(),
    /** Until when this session's reveals need no new proof (the reveal window). */
    trustedUntil: isoTime,
  }),
});

export const getCardBalance = endpoint({
  id: 'cards.getCardBalance',
  method: 'POST',
  path: '/api/card/getCardBalance',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:list',
  audited: false,
  summary: 'A card’s balance, pending holds and cumulative consumption.',
  request: z.object({ cardId }),
  response: z.object({
    cardId: z.string(),
    currency: currencyCode,
    balance: minorUnits,
    /** Held by pending authorizations (already off the balance). */
    pending: minorUnits,
    spent: minorUnits,
  }),
});

export const billRow = z.object({
  txnNo: z.string(),
  /** card_open, card_recharge, card_withdraw, spend, refund, reversal, card_delete ... */
  type: z.string(),
  amount: minorUnits,
  balance: minorUnits,
  /** What happened, as a sentence in the reader's language, built by the server from the fields. */
  summary: z.string(),
  /** The neutral reference behind the sentence (merchant, segment ids): for details. */
  description: z.string(),
  createdAt: isoTime,
});

export const getCardBill = endpoint({
  id: 'cards.getCardBill',
  method: 'POST',
  path: '/api/card/getCardBill',
  encoding: 'form',
  auth: 'bearer',
  permission: 'card:record',
  audited: false,
  summary: 'Every movement of a card’s balance, newest first.',
  request: pageQuery.extend({
    cardId,
    startDate: optionalText(calendarDate),
    endDate: optionalText(calendarDate),
  }),
  response: pageOf(billRow),
});

// ---------------------------------------------------------------------------------------------
// 3-D Secure codes

export const otpView = z.object({
  id: z.string(),
  cardId: z.string(),
  cardSerial: z.string(),
  /** The customer's own name for the card, when it has one (the live code banner shows it). */
  cardLabel: z.string().nullable(),
  last4: z.string(),
  code: z.string(),
  merchantName: z.string(),
  currency: currencyCode,
  amount: minorUnits,
  createdAt: isoTime,
  /** Seconds the code can still be used; 0 once expired (still listed within the hour). */
  secondsLeft: z.number().int(),
});
export type OtpView = z.infer<typeof otpView>;

export const getOtp = endpoint({
  id: 'cards.getOtp',
  method: 'POST',
  path: '/api/card/getOtp',
  encoding: 'form',
  auth: 'bearer',
  audited: false,
  permission: 'card:otp',
  summary: 'The 3-D Secure codes of one card from the last hour, newest first.',
  request: z.object({ cardId }),
  response: z.array(otpView),
});

export const getThreePool = endpoint({
  id: 'cards.getThreePool',
  method: 'GET',
  path: '/api/card/getThreePool',
  encoding: 'query',
  auth: 'bearer',
  audited: false,
  permission: 'card:otp',
  summary: 'The 3-D Secure codes of all the caller’s cards from the last hour, newest first.',
  request: z.object({}),
  response: z.array(otpView),
});

// ---------------------------------------------------------------------------------------------
// Scenario query (route 2004)

export const cardGrade = endpoint({
  id: 'cards.cardGrade',
  method: 'POST',
  path: '/api/card/cardGrade',
  encoding: 'form',
  auth: 'bearer',
  permission: 'main',
  audited: false,
  summary: 'Which segments suit a merchant, with their success rate where authorizations exist.',
  request: z.object({ merchant: requiredText(64) }),
  response: z.object({
    merchant: z.string(),
    segments: z.array(
      z.object({
        segmentId: z.string(),
        name: z.string(),
        bin: z.string(),
        network: cardNetwork,
        status: z.enum(['open', 'maintenance']),
        /** Whether the segment lists the merchant as suited. */
        suited: z.boolean(),
        /** Approved share of this merchant's authorizations on the segment, basis points; null without data. */
        successRateBp: z.number().int().nullable(),
        authorizations: z.number().int(),
      }),
    ),
    /** Shown when no authorization data exists yet (the spec's demo advice). */
    advice: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Risk notice (designed): the decline-rate rule told on the home screen

export const riskNotice = endpoint({
  id: 'cards.riskNotice',
  method: 'GET',
  path: '/api/card/riskNotice',
  encoding: 'query',
  auth: 'bearer',
  permission: 'any',
  audited: false,
  summary: 'The latest unacknowledged freeze by the decline-rate rule, or null.',
  request: z.object({}),
  response: z
    .object({
      id: z.string(),
      declineRateBp: z.number().int(),
      authorizations: z.number().int(),
      declines: z.number().int(),
      cardsFrozen: z.number().int(),
      windowHours: z.number().int(),
      createdAt: isoTime,
    })
    .nullable(),
});

export const riskNoticeAck = endpoint({
  id: 'cards.riskNoticeAck',
  method: 'POST',
  path: '/api/card/riskNotice/ack',
  encoding: 'form',
  auth: 'bearer',
  permission: 'any',
  summary: 'The customer has read the risk notice.',
  request: z.object({ id: requiredText(64) }),
  response: nothing,
});

// ---------------------------------------------------------------------------------------------
// Export

export const downGetCode = endpoint({
  id: 'cards.downGetCode',
  method: 'GET',
  path: '/api/card/down/getCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:export',
  summary: 'Mail the code that allows one export of full card numbers.',
  request: z.object({}),
  response: nothing,
});

/** Designed: checks an export code without spending it, so the form can say "wrong code" before downloading. */
export const checkCode = endpoint({
  id: 'cards.checkCode',
  method: 'GET',
  path: '/api/card/checkCode',
  encoding: 'query',
  auth: 'bearer',
  permission: 'card:export',
  audited: false,
  summary: 'Whether an export code is right and still valid (it stays unused).',
  request: z.object({ code: mailCode }),
  response: z.object({ valid: z.boolean() }),
});

/**
 * The team scope of an export (the owner's /subCardList and /subCardRecord): `team=1` exports the
 * rows of the matching pageForSub page, `subAccountId` one member's of them. A member's session
 * always exports its own rows, whatever these say (enforced by the server).
 */
export const teamScope = {
  team: optionalText(z.enum(['0', '1'])),
  subAccountId: optionalText(z.string().trim().max(64)),
};

export const cardDown = endpoint({
  id: 'cards.cardDown',
  answers: [428],
  method: 'GET',
  path: '/api/card/cardDown',
  encoding: 'query',
  auth: 'bearer',
  answer: 'file',
  media: SPREADSHEET_MEDIA,
  audited: true,
  permission: 'card:export',
  summary:
    'The filtered cards as XLSX or CSV. With `full=1`: a `card_export_full` step-up ticket (428 `{ stepUp }` without) and a valid export code give full numbers, expiry and CVV (logged per card). With `team=1` (or a `subAccountId`): the cards of `card/pageForSub` instead of `card/page` — for the main account its members’ cards (one member’s with `subAccountId`), for a member its own whatever is asked.',
  request: z.intersection(
    cardFilter,
    z.object({
      ...teamScope,
      format: z.enum(['xlsx', 'csv']).default('xlsx'),
      full: optionalText(z.enum(['0', '1'])),
      code: optionalText(mailCode),
      stepUpTicket: optionalText(stepUpTicket),
    }),
  ),
  response: nothing,
});

export const cardsEndpoints = [
  openCardCost,
  batchOpenCardCost,
  newCard,
  batchOpenCard,
  batchCard,
  importTemplate,
  importDataCost,
  importData,
  autoCard,
  cardPage,
  cardPageForSub,
  declineRate,
  rangeList,
  rechargeCost,
  cardRecharge,
  batchRechargeCost,
  batchRecharge,
  reduceAmount,
  cardReduce,
  cardFrozen,
  cardDelete,
  cardBatchDelete,
  editAddress,
  cardLog,
  cardDetail,
  getCardBalance,
  getCardBill,
  getOtp,
  getThreePool,
  cardGrade,
  riskNotice,
  riskNoticeAck,
  downGetCode,
  checkCode,
  cardDown,
] as const;
