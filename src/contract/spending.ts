/**
 * Spending controls (issue 33): a card's own rules and a card group's monthly budget, enforced in
 * the authorization decision (server: modules/card-spend/authorizations/authorize.ts), in the same
 * transaction that holds the amount.
 *
 * - Amounts are integer minor units of the CARD's currency (a group budget: of the budget's
 *   currency, USD; only the group's cards in that currency count against it).
 * - Day and month are those of the account's calendar (ACCOUNT_TIME_ZONE, Asia/Shanghai: accounts
 *   have no zone setting yet). "Used" in a window is what was approved in it and not reversed:
 *   `held` (approved, not yet cleared) plus `spent` (cleared). A refund does not give room back.
 * - Merchant categories are chosen by MCC group (MCC_GROUPS), allowed OR blocked; merchant
 *   countries by ISO 3166 alpha-2 code, allowed OR blocked.
 * - Single use: the card declines any authorization while one is held or after one cleared; the
 *   first clearing closes the card, its balance returning to the wallet as a deletion does.
 * - validFrom / validUntil: outside [validFrom, validUntil) every authorization is declined.
 *
 * Each rule declines with its own reason (SPEND_RULE_REASONS), translated in
 * `cards:declineReason.<reason>` with what to do in `cards:declineAdvice.<reason>`.
 */
import { z } from 'zod';
import type { SpendRuleReason } from './card-rules';
import { SPEND_RULE_REASONS } from './card-rules';
import { endpoint, isoTime, minorUnits } from './core';
import { minorAmount, requiredText } from './fields';

// ---------------------------------------------------------------------------------------------
// Merchant category groups

export interface MccGroup {
  id: string;
  nameZh: string;
  nameEn: string;
  /** Single codes and inclusive ranges `[from, to]` of 4-digit MCCs. */
  codes: readonly (string | readonly [string, string])[];
}

/**
 * The groups a customer allows or blocks. A code in none of them is in `other`, so "allow
 * advertising and software" declines everything else, and "block other" is possible too.
 * The house rules (gambling, quasi-cash, card-spend/spend-rules.ts) stay in force whatever is set.
 */
export const MCC_GROUPS = [
  {
    id: 'advertising',
    nameZh: '广告营销',
    nameEn: 'Advertising',
    codes: ['7311', '7312', '7319', '7333', '7338'],
  },
  {
    id: 'software',
    nameZh: '软件与 SaaS',
    nameEn: 'Software & SaaS',
    codes: ['5734', '5817', '5818', '7372', '7379', '4816'],
  },
  {
    id: 'digital_media',
    nameZh: '数字内容与游戏',
    nameEn: 'Digital media & games',
    codes: ['5815', '5816', '7841', '7994'],
  },
  {
    id: 'telecom',
    nameZh: '通信',
    nameEn: 'Telecommunications',
    codes: ['4812', '4813', '4814', '4821', '4899'],
  },
  {
    id: 'travel',
    nameZh: '差旅（航空、酒店、租车）',
    nameEn: 'Travel (airlines, hotels, car rental)',
    codes: [['3000', '3999'], '4511', '4582', '4722', '4723', '7011', '7012', '7512', '7513', '7519', '4411'],
  },
  {
    id: 'transport',
    nameZh: '交通与加油',
    nameEn: 'Transport & fuel',
    codes: ['4111', '4112', '4121', '4131', '4784', '4789', '5541', '5542', '7523'],
  },
  {
    id: 'retail',
    nameZh: '零售与电商',
    nameEn: 'Retail & e-commerce',
    codes: [
      '5045',
      '5200',
      '5251',
      '5300',
      '5310',
      '5311',
      '5331',
      '5399',
      '5651',
      '5691',
      '5699',
      '5732',
      '5942',
      '5943',
      '5945',
      '5947',
      '5964',
      '5969',
      '5977',
      '5999',
    ],
  },
  {
    id: 'food',
    nameZh: '餐饮与食品',
    nameEn: 'Food & dining',
    codes: [['5411', '5499'], '5811', '5812', '5813', '5814'],
  },
  {
    id: 'business_services',
    nameZh: '商业服务',
    nameEn: 'Business services',
    codes: ['7349', '7361', '7392', '7399', '8111', '8742', '8931', '8999'],
  },
  {
    id: 'education',
    nameZh: '教育',
    nameEn: 'Education',
    codes: ['8211', '8220', '8241', '8244', '8249', '8299'],
  },
  {
    id: 'government',
    nameZh: '政府与公共事业',
    nameEn: 'Government & utilities',
    codes: ['4900', '9211', '9222', '9223', '9311', '9399', '9402'],
  },
  { id: 'other', nameZh: '其他', nameEn: 'Other', codes: [] },
] as const satisfies readonly MccGroup[];

export type MccGroupId = (typeof MCC_GROUPS)[number]['id'];
export const MCC_GROUP_IDS = MCC_GROUPS.map((group) => group.id) as [MccGroupId, ...MccGroupId[]];

/** The group of a 4-digit merchant category code (`other` when no group lists it). */
export function mccGroupOf(code: string): MccGroupId {
  for (const group of MCC_GROUPS as readonly MccGroup[]) {
    for (const entry of group.codes) {
      if (typeof entry === 'string' ? entry === code : code >= entry[0] && code <= entry[1])
        return group.id as MccGroupId;
    }
  }
  return 'other';
}

/** The European Union's member states (ISO alpha-2), for "EU" in a country rule or template. */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

// ---------------------------------------------------------------------------------------------
// The rules

/** Most entries of one category or country list. */
export const RULE_LIST_MAX = 250;

export const LIST_MODES = ['allow', 'block'] as const;
export type ListMode = (typeof LIST_MODES)[number];

const limit = minorAmount('spending:validation.limit').nullable().default(null);

const mccGroupId = z.enum(MCC_GROUP_IDS, { error: 'spending:validation.category' });
const countryCode = z
  .string({ error: 'spending:validation.country' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'spending:validation.country' });
const instant = z.iso
  .datetime({ offset: true, error: 'spending:validation.instant' })
  .transform((value) => new Date(value).toISOString())
  // What the OpenAPI document says: the transform's output is otherwise "anything".
  .meta({ type: 'string', format: 'date-time' })
  .nullable()
  .default(null);

export const categoryRule = z.object({
  mode: z.enum(LIST_MODES, { error: 'spending:validation.mode' }),
  groups: z
    .array(mccGroupId)
    .min(1, { error: 'spending:validation.categoriesEmpty' })
    .max(MCC_GROUPS.length, { error: 'spending:validation.category' })
    .transform((ids) => [...new Set(ids)]),
});
export const countryRule = z.object({
  mode: z.enum(LIST_MODES, { error: 'spending:validation.mode' }),
  countries: z
    .array(countryCode)
    .min(1, { error: 'spending:validation.countriesEmpty' })
    .max(RULE_LIST_MAX, { error: 'spending:validation.tooManyCountries' })
    .transform((codes) => [...new Set(codes)]),
});

/**
 * A card's rules as set (input) and stored. Every field is optional in a request and means "no
 * such rule" when absent or null. Limits must grow from authorization to lifetime where set
 * (a day limit above the month's is refused: it could never be reached).
 */
export const cardSpendRules = z
  .object({
    perAuthorization: limit,
    daily: limit,
    monthly: limit,
    lifetime: limit,
    categories: categoryRule.nullable().default(null),
    countries: countryRule.nullable().default(null),
    singleUse: z.boolean({ error: 'spending:validation.singleUse' }).default(false),
    validFrom: instant,
    validUntil: instant,
  })
  .superRefine((rules, issue) => {
    const ordered: (keyof typeof rules)[] = ['perAuthorization', 'daily', 'monthly', 'lifetime'];
    const set = ordered.filter((key) => rules[key] !== null) as (
      'perAuthorization' | 'daily' | 'monthly' | 'lifetime'
    )[];
    for (let i = 1; i < set.length; i++) {
      const smaller = rules[set[i - 1]!]!;
      const larger = rules[set[i]!]!;
      if (larger < smaller)
        issue.addIssue({ code: 'custom', path: [set[i]!], message: 'spending:validation.limitOrder' });
    }
    if (rules.validFrom && rules.validUntil && rules.validUntil <= rules.validFrom)
      issue.addIssue({ code: 'custom', path: ['validUntil'], message: 'spending:validation.validOrder' });
  });
export type CardSpendRules = z.output<typeof cardSpendRules>;
export type CardSpendRulesInput = z.input<typeof cardSpendRules>;

/** A card without rules. */
export const NO_SPEND_RULES: CardSpendRules = {
  perAuthorization: null,
  daily: null,
  monthly: null,
  lifetime: null,
  categories: null,
  countries: null,
  singleUse: false,
  validFrom: null,
  validUntil: null,
};

/** The stored (answer) shape: the same fields, all present. */
export const cardSpendRulesView = z.object({
  perAuthorization: minorUnits.nullable(),
  daily: minorUnits.nullable(),
  monthly: minorUnits.nullable(),
  lifetime: minorUnits.nullable(),
  categories: z.object({ mode: z.enum(LIST_MODES), groups: z.array(z.enum(MCC_GROUP_IDS)) }).nullable(),
  countries: z.object({ mode: z.enum(LIST_MODES), countries: z.array(z.string()) }).nullable(),
  singleUse: z.boolean(),
  validFrom: isoTime.nullable(),
  validUntil: isoTime.nullable(),
});

// ---------------------------------------------------------------------------------------------
// Decline reasons, one per rule

export { SPEND_RULE_REASONS };
export type { SpendRuleReason };

/** Which rule field each reason stands for (the card screen points at it). */
export const REASON_RULE: Readonly<Record<SpendRuleReason, keyof CardSpendRules | 'groupBudget'>> = {
  rule_not_yet_valid: 'validFrom',
  rule_validity_ended: 'validUntil',
  rule_category: 'categories',
  rule_country: 'countries',
  rule_per_authorization: 'perAuthorization',
  rule_single_use: 'singleUse',
  rule_daily: 'daily',
  rule_monthly: 'monthly',
  rule_lifetime: 'lifetime',
  group_budget: 'groupBudget',
};

// ---------------------------------------------------------------------------------------------
// What the card screen and the group panel read

/** One windowed limit of a card: `left` is null without a limit (0 when used up or passed). */
export const limitUsage = z.object({
  limit: minorUnits.nullable(),
  /** Approved and not yet cleared. */
  held: minorUnits,
  /** Cleared. */
  spent: minorUnits,
  left: minorUnits.nullable(),
});
export type LimitUsage = z.infer<typeof limitUsage>;

export const cardSpendView = z.object({
  cardId: z.string(),
  currency: z.string(),
  rules: cardSpendRulesView,
  usage: z.object({ daily: limitUsage, monthly: limitUsage, lifetime: limitUsage }),
  /** The calendar the windows are counted in, and the current day and month there. */
  timeZone: z.string(),
  day: z.string(),
  month: z.string(),
  /** Single use: an authorization is held or cleared, so the card accepts no other. */
  singleUseSpent: z.boolean(),
  updatedAt: isoTime.nullable(),
});
export type CardSpendView = z.infer<typeof cardSpendView>;

export const groupBudgetView = z.object({
  groupId: z.string(),
  currency: z.string(),
  /** The monthly amount; null: no budget (the spending is still counted). */
  monthly: minorUnits.nullable(),
  month: z.string(),
  timeZone: z.string(),
  held: minorUnits,
  spent: minorUnits,
  left: minorUnits.nullable(),
  updatedAt: isoTime.nullable(),
});
export type GroupBudgetView = z.infer<typeof groupBudgetView>;

// ---------------------------------------------------------------------------------------------
// Endpoints

const cardId = requiredText(64);
const groupId = z
  .string({ error: 'cardGroups:validation.chooseGroup' })
  .trim()
  .min(1, { error: 'cardGroups:validation.chooseGroup' })
  .max(64, { error: 'cardGroups:validation.chooseGroup' });

export const cardSpendRulesGet = endpoint({
  id: 'spending.cardRules',
  method: 'GET',
  path: '/api/card/spendRules',
  encoding: 'query',
  auth: 'bearer',
  audited: false,
  permission: 'card:list',
  summary:
    "A card's spending rules and, per day, month and lifetime, what is held, spent and left (the account's calendar).",
  request: z.object({ cardId }),
  response: cardSpendView,
});

export const cardSpendRulesSet = endpoint({
  id: 'spending.setCardRules',
  method: 'POST',
  path: '/api/card/setSpendRules',
  encoding: 'json',
  auth: 'bearer',
  permission: 'card:limits',
  summary:
    "Replace a card's spending rules (all of them: an absent rule is removed). The operation log keeps them before and after.",
  request: z.object({ cardId, rules: cardSpendRules }),
  response: cardSpendView,
});

export const groupBudgetGet = endpoint({
  id: 'spending.groupBudget',
  method: 'GET',
  path: '/api/cardGroup/budget',
  encoding: 'query',
  auth: 'bearer',
  audited: false,
  permission: 'card:groups',
  summary: "A card group's monthly budget and this month's held, spent and left.",
  request: z.object({ id: groupId }),
  response: groupBudgetView,
});

export const groupBudgetSet = endpoint({
  id: 'spending.setGroupBudget',
  method: 'POST',
  path: '/api/cardGroup/setBudget',
  encoding: 'json',
  auth: 'bearer',
  permission: 'card:limits',
  summary:
    "Set (or with null remove) a card group's monthly budget, shared by its cards in the budget's currency. The operation log keeps it before and after.",
  request: z.object({ id: groupId, monthly: minorAmount('spending:validation.limit').nullable() }),
  response: groupBudgetView,
});

export const spendingEndpoints = [cardSpendRulesGet, cardSpendRulesSet, groupBudgetGet, groupBudgetSet];
