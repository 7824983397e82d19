/**
 * The spending-rules form as the customer types it (amounts as text in major units, countries as
 * "US, DE, EU", dates as calendar days) and the rule set the API takes. Dates are days of the
 * account calendar (UTC+8, as the server counts days): "valid from" starts at that day's midnight,
 * "valid through" ends at the next day's midnight.
 */
import type { CardSpendRules, CardSpendRulesInput, MccGroupId } from '@contract/spending';
import { EU_COUNTRIES } from '@contract/spending';
import { amountErrorKey, parseAmount, plainAmount } from '@web/lib/amount-input';

export const LIMIT_FIELDS = ['perAuthorization', 'daily', 'monthly', 'lifetime'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export type ListMode = 'none' | 'allow' | 'block';

export interface RulesDraft {
  perAuthorization: string;
  daily: string;
  monthly: string;
  lifetime: string;
  categoryMode: ListMode;
  categories: readonly MccGroupId[];
  countryMode: ListMode;
  countries: string;
  singleUse: boolean;
  validFrom: string;
  validThrough: string;
}

export type DraftField = keyof RulesDraft;

export const EMPTY_DRAFT: RulesDraft = {
  perAuthorization: '',
  daily: '',
  monthly: '',
  lifetime: '',
  categoryMode: 'none',
  categories: [],
  countryMode: 'none',
  countries: '',
  singleUse: false,
  validFrom: '',
  validThrough: '',
};

const ZONE = '+08:00';
const DAY_MS = 86_400_000;

function dayOf(iso: string | null, shiftDays = 0): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + 8 * 3600_000 + shiftDays * DAY_MS).toISOString().slice(0, 10);
}

function startOf(day: string, shiftDays = 0): string {
  return new Date(Date.parse(`${day}T00:00:00${ZONE}`) + shiftDays * DAY_MS).toISOString();
}

/** "us, de eu" -> ['US', 'DE', ...EU members]; EU expands to its members. */
export function countryCodes(text: string): string[] {
  const codes = text
    .toUpperCase()
    .split(/[\s,，、;；]+/)
    .filter(Boolean)
    .flatMap((code) => (code === 'EU' ? [...EU_COUNTRIES] : [code]));
  return [...new Set(codes)];
}

export function draftOf(rules: CardSpendRules | null | undefined): RulesDraft {
  if (!rules) return EMPTY_DRAFT;
  const amount = (minor: number | null) => (minor === null ? '' : plainAmount(minor));
  return {
    perAuthorization: amount(rules.perAuthorization),
    daily: amount(rules.daily),
    monthly: amount(rules.monthly),
    lifetime: amount(rules.lifetime),
    categoryMode: rules.categories?.mode ?? 'none',
    categories: rules.categories?.groups ?? [],
    countryMode: rules.countries?.mode ?? 'none',
    countries: (rules.countries?.countries ?? []).join(', '),
    singleUse: rules.singleUse,
    validFrom: dayOf(rules.validFrom),
    validThrough: dayOf(rules.validUntil, -1),
  };
}

export interface DraftResult {
  rules: CardSpendRulesInput | null;
  /** Translation keys (full, with namespace) of what is wrong, per field. */
  errors: Partial<Record<DraftField, string>>;
}

export function rulesOf(draft: RulesDraft): DraftResult {
  const errors: Partial<Record<DraftField, string>> = {};
  const limits = {} as Record<LimitField, number | null>;
  for (const field of LIMIT_FIELDS) {
    const text = draft[field].trim();
    if (text === '') limits[field] = null;
    else {
      const minor = parseAmount(text);
      if (minor === null || minor === 0) errors[field] = amountErrorKey(text);
      limits[field] = minor;
    }
  }
  // A longer period's limit below a shorter one's could never be reached.
  const set = LIMIT_FIELDS.filter((field) => limits[field] !== null && !errors[field]);
  for (let i = 1; i < set.length; i++)
    if (limits[set[i]!]! < limits[set[i - 1]!]!) errors[set[i]!] = 'spending:validation.limitOrder';
  if (draft.categoryMode !== 'none' && draft.categories.length === 0)
    errors.categories = 'spending:validation.categoriesEmpty';
  const countries = countryCodes(draft.countries);
  if (draft.countryMode !== 'none') {
    if (countries.length === 0 || countries.some((code) => !/^[A-Z]{2}$/.test(code)))
      errors.countries = 'spending:validation.country';
  }
  if (draft.validFrom && draft.validThrough && draft.validThrough < draft.validFrom)
    errors.validThrough = 'spending:validation.validOrder';
  if (Object.keys(errors).length > 0) return { rules: null, errors };
  return {
    errors,
    rules: {
      ...limits,
      categories:
        draft.categoryMode === 'none' ? null : { mode: draft.categoryMode, groups: [...draft.categories] },
      countries: draft.countryMode === 'none' ? null : { mode: draft.countryMode, countries },
      singleUse: draft.singleUse,
      validFrom: draft.validFrom ? startOf(draft.validFrom) : null,
      validUntil: draft.validThrough ? startOf(draft.validThrough, 1) : null,
    },
  };
}

/** Whether the draft sets no rule at all. */
export function isEmptyDraft(draft: RulesDraft): boolean {
  return JSON.stringify({ ...draft, categories: [...draft.categories] }) === JSON.stringify(EMPTY_DRAFT);
}
