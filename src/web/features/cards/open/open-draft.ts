/**
 * The opening form's values and their check before anything is sent (spec §5, issue 5 §2). The
 * checks customers trip over come first, with messages of their own: the segment, the first load
 * (at least the segment's minimum; above 1000 USD only through customer service), the number of
 * cards, the postcode ("Incorrect zip code format", with the contract's isValidPostcode). The
 * contract's holder schema then decides the rest, so the PWA refuses what the server would.
 */
import { HOLDER_KEYS, holderFields } from '@contract/cards';
import {
  BATCH_OPEN_MAX,
  CARD_RECHARGE_SERVICE_ABOVE_USD,
  CITY_MAX,
  isValidPostcode,
  LABEL_MAX,
  NAME_MAX,
  STREET_MAX,
} from '@contract/card-rules';
import type { CurrencyCode } from '@contract/core';
import { amountErrorKey, parseAmount } from '../../../lib/amount-input';
import { formatMoney } from '../../../lib/money';

export type OpenMode = 'single' | 'batch';

/** The holder's fields in form order: the contract's own list. */
export const HOLDER_FIELDS = HOLDER_KEYS;
export type HolderField = (typeof HOLDER_FIELDS)[number];

/** In the order the form shows them (the first one in error gets the focus). */
export const OPEN_FIELDS = ['segmentId', 'amount', 'count', 'couponId', ...HOLDER_FIELDS, 'label'] as const;
export type OpenField = (typeof OPEN_FIELDS)[number];

/**
 * What the form holds: text as typed (the amount in major units of the segment's currency), plus
 * the optional card group and tag the new cards go into (issue 15) and the spending template whose
 * rules they get (issue 33); all three chosen from lists, never wrong.
 */
export type OpenDraft = Record<OpenField, string> & { gid: string; tagId: string; spendTemplateId: string };
export type OpenErrors = Partial<Record<OpenField, string>>;

export const EMPTY_DRAFT: OpenDraft = {
  segmentId: '',
  amount: '',
  count: '1',
  couponId: '',
  holderFirstName: '',
  holderLastName: '',
  street: '',
  city: '',
  state: '',
  postcode: '',
  country: 'US',
  label: '',
  gid: '',
  tagId: '',
  spendTemplateId: '',
};

/** What the checks need to know of the chosen segment. */
export interface SegmentRule {
  id: string;
  currency: CurrencyCode;
  minFirstRecharge: number;
  status: 'open' | 'maintenance';
}

/** The checked form: what the opening calls take, before the payment part is added. */
export interface OpenInput {
  segmentId: string;
  /** Minor units per card. */
  amount: number;
  count: number;
  couponId?: string;
  label?: string;
  gid?: string;
  tagIds?: string[];
  /** A saved spending template whose rules the new cards get (issue 33 §3). */
  spendTemplateId?: string;
  holderFirstName: string;
  holderLastName: string;
  street: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type AmountCheck =
  | { ok: true; amount: number }
  | { ok: false; reason: 'invalid'; key: string }
  | { ok: false; reason: 'required' | 'belowMin' | 'contactService' };

/**
 * Spec §5/§9: a card load above 1000 USD goes through customer service. The server applies the
 * rule to USD cards; so does this.
 */
export function overServiceLimit(currency: CurrencyCode, amount: number): boolean {
  return currency === 'USD' && amount > CARD_RECHARGE_SERVICE_ABOVE_USD;
}

export function checkAmount(text: string, segment: SegmentRule | null): AmountCheck {
  if (text.trim() === '') return { ok: false, reason: 'required' };
  const amount = parseAmount(text);
  if (amount === null || amount <= 0) return { ok: false, reason: 'invalid', key: amountErrorKey(text) };
  if (segment && overServiceLimit(segment.currency, amount)) return { ok: false, reason: 'contactService' };
  if (segment && amount < segment.minFirstRecharge) return { ok: false, reason: 'belowMin' };
  return { ok: true, amount };
}

/** 1..500 whole cards, or null. */
export function parseCount(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const count = Number(text.trim());
  return count >= 1 && count <= BATCH_OPEN_MAX ? count : null;
}

/** The message of an amount that cannot be quoted, in the cardOpen namespace's words. */
export function amountMessage(check: AmountCheck, segment: SegmentRule | null, t: Translate): string | null {
  if (check.ok) return null;
  const currency = segment?.currency ?? 'USD';
  switch (check.reason) {
    case 'required':
      return t('validation.required', { field: t('amount.label') });
    case 'invalid':
      return t(check.key);
    case 'belowMin':
      return t('validation.amountMin', { min: formatMoney(segment?.minFirstRecharge ?? 0, currency) });
    case 'contactService':
      return t('validation.contactService', { limit: formatMoney(CARD_RECHARGE_SERVICE_ABOVE_USD, 'USD') });
  }
}

const TEXT_LIMITS: Readonly<Record<Exclude<HolderField, 'postcode' | 'country'>, number>> = {
  holderFirstName: NAME_MAX,
  holderLastName: NAME_MAX,
  street: STREET_MAX,
  city: CITY_MAX,
  state: CITY_MAX,
};

export type OpenCheck = { ok: true; data: OpenInput } | { ok: false; errors: OpenErrors };

/**
 * Checks a draft. `t` translates in the cardOpen namespace; `labels` names each field in
 * messages ("City is required").
 */
export function checkOpenDraft(
  draft: OpenDraft,
  mode: OpenMode,
  segment: SegmentRule | null,
  t: Translate,
  labels: Record<OpenField, string>,
): OpenCheck {
  const errors: OpenErrors = {};
  const required = (field: OpenField) => t('validation.required', { field: labels[field] });

  if (!segment) errors.segmentId = t('validation.segment');
  else if (segment.status !== 'open') errors.segmentId = t('validation.segmentMaintenance');

  const amount = checkAmount(draft.amount, segment);
  const amountText = amountMessage(amount, segment, t);
  if (amountText) errors.amount = amountText;

  const count = mode === 'batch' ? parseCount(draft.count) : 1;
  if (count === null) errors.count = t('cards:validation.count');

  for (const [field, max] of Object.entries(TEXT_LIMITS) as [HolderField, number][]) {
    const value = draft[field].trim();
    if (value === '') errors[field] = required(field);
    else if (value.length > max) errors[field] = t('validation.tooLong', { field: labels[field] });
  }
  const country = draft.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) errors.country = required('country');
  if (draft.postcode.trim() === '') errors.postcode = required('postcode');
  else if (!isValidPostcode(country || 'US', draft.postcode))
    errors.postcode = t('common:validation.zipCode');
  if (draft.label.trim().length > LABEL_MAX) errors.label = t('validation.tooLong', { field: labels.label });

  // The contract's own schema last: anything it refuses that the checks above let through.
  const holder = holderFields.safeParse(Object.fromEntries(HOLDER_FIELDS.map((f) => [f, draft[f]])));
  if (!holder.success) {
    for (const issue of holder.error.issues) {
      const field = String(issue.path[0] ?? '') as HolderField;
      if (!HOLDER_FIELDS.includes(field) || errors[field]) continue;
      // The contract's character rules (text-rules.ts) carry their own message naming the field.
      errors[field] = issue.message.startsWith('common:validation.')
        ? t(issue.message, { field: labels[field] })
        : t('validation.invalid', { field: labels[field] });
    }
  }

  if (Object.keys(errors).length > 0 || !holder.success || !amount.ok || count === null || !segment) {
    return { ok: false, errors };
  }
  const couponId = draft.couponId.trim();
  const label = draft.label.trim();
  return {
    ok: true,
    data: {
      ...holder.data,
      segmentId: segment.id,
      amount: amount.amount,
      count,
      ...(couponId ? { couponId } : {}),
      ...(label ? { label } : {}),
      ...(draft.gid ? { gid: draft.gid } : {}),
      ...(draft.tagId ? { tagIds: [draft.tagId] } : {}),
      ...(draft.spendTemplateId ? { spendTemplateId: draft.spendTemplateId } : {}),
    },
  };
}

/** The segment chosen before the customer picks one: the linked one if it can be opened, else the first open one. */
export function initialSegment(
  segments: readonly SegmentRule[] | undefined,
  wanted: string | undefined,
): string {
  const open = (segments ?? []).filter((segment) => segment.status === 'open');
  return open.find((segment) => segment.id === wanted)?.id ?? open[0]?.id ?? '';
}
