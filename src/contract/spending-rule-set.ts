/**
 * PROVISIONAL stand-in for spend-core's contract (src/contract/spending.ts, issue 33), with its
 * names: `cardSpendRules` (perAuthorization, daily, monthly, lifetime, categories {mode, groups},
 * countries {mode, countries}, singleUse, validFrom, validUntil), MCC groups and the decline reasons
 * of the rules. Everything of the spend-web branch imports these names from this file only; once
 * spend-core's contract is merged, this file becomes re-exports of it (then it goes).
 */
import { z } from 'zod';

/** Merchant category groups (names in both languages in `spendingTemplates:mcc.<id>`). */
const GROUP_CODES = {
  advertising: [
    ['7311', '7312'],
    ['7319', '7319'],
    ['7333', '7333'],
    ['7338', '7338'],
  ],
  software: [
    ['5734', '5734'],
    ['5817', '5818'],
    ['7372', '7372'],
    ['7379', '7379'],
    ['4816', '4816'],
  ],
  travel: [
    ['3000', '3999'],
    ['4411', '4411'],
    ['4511', '4511'],
    ['4722', '4723'],
    ['7011', '7012'],
    ['7512', '7513'],
  ],
  retail: [
    ['5200', '5399'],
    ['5651', '5699'],
    ['5732', '5732'],
    ['5942', '5999'],
  ],
  food: [
    ['5411', '5499'],
    ['5811', '5814'],
  ],
  other: [],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;
export type MccGroupId = keyof typeof GROUP_CODES;
export const MCC_GROUP_IDS = Object.keys(GROUP_CODES) as [MccGroupId, ...MccGroupId[]];

export function mccGroupOf(code: string): MccGroupId {
  for (const id of MCC_GROUP_IDS) {
    const ranges: readonly (readonly [string, string])[] = GROUP_CODES[id];
    if (ranges.some(([from, to]) => code >= from && code <= to)) return id;
  }
  return 'other';
}

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

export const LIST_MODES = ['allow', 'block'] as const;

const limit = z
  .number({ error: 'spendingTemplates:validation.limit' })
  .int({ error: 'spendingTemplates:validation.limit' })
  .positive({ error: 'spendingTemplates:validation.limit' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'spendingTemplates:validation.limit' })
  .nullable()
  .default(null);
const mode = z.enum(LIST_MODES, { error: 'spendingTemplates:validation.mode' });
const instant = z.iso
  .datetime({ offset: true, error: 'spendingTemplates:validation.time' })
  .transform((value) => new Date(value).toISOString())
  .nullable()
  .default(null);

export const cardSpendRules = z
  .object({
    perAuthorization: limit,
    daily: limit,
    monthly: limit,
    lifetime: limit,
    categories: z
      .object({
        mode,
        groups: z
          .array(z.enum(MCC_GROUP_IDS, { error: 'spendingTemplates:validation.category' }))
          .min(1, { error: 'spendingTemplates:validation.category' })
          .max(MCC_GROUP_IDS.length)
          .transform((ids) => [...new Set(ids)]),
      })
      .nullable()
      .default(null),
    countries: z
      .object({
        mode,
        countries: z
          .array(
            z
              .string({ error: 'spendingTemplates:validation.country' })
              .trim()
              .toUpperCase()
              .regex(/^[A-Z]{2}$/, { error: 'spendingTemplates:validation.country' }),
          )
          .min(1, { error: 'spendingTemplates:validation.country' })
          .max(250)
          .transform((codes) => [...new Set(codes)]),
      })
      .nullable()
      .default(null),
    singleUse: z.boolean().default(false),
    validFrom: instant,
    validUntil: instant,
  })
  .superRefine((rules, issue) => {
    // A longer period's limit below a shorter one's could never be reached.
    const set = (['perAuthorization', 'daily', 'monthly', 'lifetime'] as const).filter(
      (key) => rules[key] !== null,
    );
    for (let i = 1; i < set.length; i++)
      if (rules[set[i]!]! < rules[set[i - 1]!]!)
        issue.addIssue({
          code: 'custom',
          path: [set[i]!],
          message: 'spendingTemplates:validation.limitOrder',
        });
    if (rules.validFrom && rules.validUntil && rules.validUntil <= rules.validFrom)
      issue.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'spendingTemplates:validation.window',
      });
  });
export type CardSpendRules = z.output<typeof cardSpendRules>;
export type CardSpendRulesInput = z.input<typeof cardSpendRules>;

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

export const SPEND_RULE_REASONS = [
  'rule_not_yet_valid',
  'rule_validity_ended',
  'rule_category',
  'rule_country',
  'rule_per_authorization',
  'rule_single_use',
  'rule_daily',
  'rule_monthly',
  'rule_lifetime',
  'group_budget',
] as const;
export type SpendRuleReason = (typeof SPEND_RULE_REASONS)[number];

/** The currency of a group's monthly budget; only the group's cards in it count against it. */
export const GROUP_BUDGET_CURRENCY = 'USD';
