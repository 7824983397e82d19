/**
 * A card's spending rules as the customer sets them (issue 33 §1) — the shape the templates store,
 * the opening and bulk-set calls take, and the preview evaluates. PROVISIONAL: written by the
 * spend-web branch before the spend-core contract existed; once spend-core's contract defines the
 * rule set, this file re-exports theirs (the lead keeps one definition when merging).
 *
 * Money is in minor units of the card's currency; days and months are the account's calendar
 * (server/modules/account/account-calendar.ts). An absent or null field is "no rule".
 */
import { z } from 'zod';

/**
 * Merchant category groups named in both languages (`spending:mcc.<group>`), each a set of
 * ISO 18245 codes or code ranges (inclusive).
 */
export const MCC_GROUP_CODES = {
  advertising: [[7311, 7311], [7319, 7319], [7333, 7333]],
  software: [[5734, 5734], [5817, 5818], [7372, 7372], [7379, 7379]],
  cloud: [[4816, 4816], [7374, 7374]],
  travel: [[3000, 3999], [4111, 4131], [4411, 4411], [4511, 4511], [4722, 4722], [7011, 7011], [7512, 7512]],
  telecom: [[4812, 4814], [4899, 4899]],
  retail: [[5200, 5599], [5611, 5699], [5712, 5733], [5735, 5816], [5819, 5999]],
  food: [[5811, 5814]],
  services: [[7000, 7010], [7012, 7299], [7320, 7332], [7334, 7371], [7373, 7373], [7375, 7378], [7380, 8999]],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;
export type MccGroup = keyof typeof MCC_GROUP_CODES;
export const MCC_GROUPS = Object.keys(MCC_GROUP_CODES) as [MccGroup, ...MccGroup[]];

/** Whether a merchant's category code (4 digits as text) falls in the group. */
export function mccInGroup(category: string, group: MccGroup): boolean {
  if (!/^\d{4}$/.test(category)) return false;
  const code = Number(category);
  return MCC_GROUP_CODES[group].some(([first, last]) => code >= first && code <= last);
}

/** Merchant countries offered in the pickers (ISO 3166-1 alpha-2; names `spending:country.<code>`). */
export const RULE_COUNTRIES = [
  'US', 'CA', 'GB', 'IE', 'DE', 'FR', 'NL', 'ES', 'IT', 'SE', 'CH', 'PL',
  'CN', 'HK', 'SG', 'JP', 'KR', 'AU', 'IN', 'AE', 'BR', 'MX',
] as const;
/** The European Union members among them: the "EU" shortcut of the country picker. */
export const EU_COUNTRIES = ['IE', 'DE', 'FR', 'NL', 'ES', 'IT', 'SE', 'PL'] as const;

const limit = z
  .number({ error: 'spending:validation.limit' })
  .int({ error: 'spending:validation.limit' })
  .positive({ error: 'spending:validation.limit' })
  .max(1_000_000_000_00, { error: 'spending:validation.limit' })
  .nullable()
  .optional();

const mode = z.enum(['allow', 'block'], { error: 'spending:validation.mode' });

export const categoryRule = z.object({
  mode,
  groups: z
    .array(z.enum(MCC_GROUPS, { error: 'spending:validation.category' }))
    .min(1, { error: 'spending:validation.category' })
    .max(MCC_GROUPS.length),
});

export const countryRule = z.object({
  mode,
  codes: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: 'spending:validation.country' }),
    )
    .min(1, { error: 'spending:validation.country' })
    .max(250),
});

const instant = z.iso.datetime({ offset: true, error: 'spending:validation.time' }).nullable().optional();

export const ruleSet = z
  .object({
    perAuthorization: limit,
    perDay: limit,
    perMonth: limit,
    lifetime: limit,
    categories: categoryRule.nullable().optional(),
    countries: countryRule.nullable().optional(),
    singleUse: z.boolean().optional(),
    validFrom: instant,
    validUntil: instant,
  })
  .refine((r) => !r.validFrom || !r.validUntil || Date.parse(r.validFrom) < Date.parse(r.validUntil), {
    error: 'spending:validation.window',
    path: ['validUntil'],
  });
export type RuleSet = z.infer<typeof ruleSet>;

/** The rule that declined an authorization (the decline reason's detail; `spending:rule.<id>`). */
export const SPEND_RULE_IDS = [
  'per_authorization',
  'per_day',
  'per_month',
  'lifetime',
  'category',
  'country',
  'single_use',
  'not_yet_valid',
  'no_longer_valid',
  'group_budget',
] as const;
export type SpendRuleId = (typeof SPEND_RULE_IDS)[number];
