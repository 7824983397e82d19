/**
 * The calls of card opening and the scenario query, typed from the contract (src/contract/cards.ts,
 * segments.ts, coupons.ts). Reads that the page reports itself (quotes, progress) are silent;
 * actions let the HTTP layer report errors unless the page shows them in place.
 */
import { userPrivilege } from '@contract/account';
import {
  autoCard,
  batchCard,
  batchOpenCard,
  batchOpenCardCost,
  cardGrade,
  importData,
  importDataCost,
  importTemplate,
  newCard,
  openCardCost,
  type BatchResult,
  type CostBreakdown,
  type ImportCost,
} from '@contract/cards';
import type { RequestOf, ResponseOf } from '@contract/core';
import { couponEnum } from '@contract/coupons';
import { groupList, groupOpenAmount } from '@contract/segments';
import { spendingTemplateList } from '@contract/spending-templates';
import { headerLoad } from '../../../lib/header-load';
import { call, download, type Downloaded } from '../../../lib/http';

export type { BatchResult, CardView, CostBreakdown, DebitCurrency, ImportCost } from '@contract/cards';
export type { CouponView } from '@contract/coupons';
export type { SegmentView } from '@contract/segments';
export type { SpendingTemplateView } from '@contract/spending-templates';
export type DebitTotal = CostBreakdown['totals'][number];
export type HolderAutofill = ResponseOf<typeof autoCard>;
export type GradeAnswer = ResponseOf<typeof cardGrade>;
export type GradeSegment = GradeAnswer['segments'][number];
export type Privilege = ResponseOf<typeof userPrivilege>;
export type NewCardInput = RequestOf<typeof newCard>;
export type BatchOpenInput = RequestOf<typeof batchOpenCard>;
export type ImportInput = RequestOf<typeof importData>;

/** Query keys; everything of the card feature starts with 'cards' so one invalidation reaches it. */
export const cardKeys = {
  segments: ['cards', 'segments'] as const,
  coupons: ['cards', 'coupons', 'usable'] as const,
  openAmount: (segmentId: string) => ['cards', 'segments', 'openAmount', segmentId] as const,
  quote: (mode: string, input: unknown) => ['cards', 'openCost', mode, input] as const,
  grade: (merchant: string) => ['cards', 'grade', merchant] as const,
};

/** The spending sheets' key for the same list, so a template saved there shows here at once. */
export const spendTemplatesKey = ['spendingTemplates'] as const;

/** The customer's saved spending templates, for the opening form's picker. */
export function loadSpendTemplates(signal?: AbortSignal) {
  return call(spendingTemplateList, {}, { signal, silent: true });
}

/** The plan shares the header's query (features/account), so both show the same answer. */
export const privilegeQueryKey = ['account', 'privilege'] as const;

/** Every segment, open or in maintenance (the picker shows maintenance ones disabled). */
export function loadSegments(signal?: AbortSignal) {
  return call(groupList, {}, { signal, silent: true });
}

/** Minimum, fees and the cards this account may still open this month on one segment. */
export function loadOpenAmount(segmentId: string, signal?: AbortSignal) {
  return call(groupOpenAmount, { segmentId }, { signal, silent: true });
}

/** The coupons usable now, for the coupon picker. */
export function loadCoupons(signal?: AbortSignal) {
  return call(couponEnum, {}, { signal, silent: true });
}

export function loadPrivilege(signal?: AbortSignal) {
  return headerLoad(userPrivilege, {}, signal);
}

export interface QuoteInput {
  segmentId: string;
  amount: number;
  couponId?: string | undefined;
  /** Present for a batch. */
  count?: number | undefined;
}

/** openCardCost, or BatchOpenCardCost when the input names a count. */
export function loadQuote(input: QuoteInput, signal?: AbortSignal): Promise<CostBreakdown> {
  const { count, ...single } = input;
  if (count === undefined) return call(openCardCost, single, { signal, silent: true });
  return call(batchOpenCardCost, { ...single, count }, { signal, silent: true });
}

export function openOneCard(input: NewCardInput, idempotencyKey: string) {
  return call(newCard, input, { idempotencyKey });
}

export function openBatch(input: BatchOpenInput, idempotencyKey: string): Promise<BatchResult> {
  return call(batchOpenCard, input, { idempotencyKey });
}

/** Progress of a batch; silent, since it is polled and may not exist yet when first asked. */
export function loadBatch(batchId: string, signal?: AbortSignal): Promise<BatchResult> {
  return call(batchCard, { batchId }, { signal, silent: true });
}

/** A generated holder name and billing address ("auto-fill"). */
export function loadAutofill(): Promise<HolderAutofill> {
  return call(autoCard, {});
}

export function downloadTemplate(): Promise<Downloaded> {
  return download(importTemplate, {});
}

/** The exact cost of an import; silent like the upload (problems are listed in place). */
export function quoteImport(input: Omit<ImportInput, 'expectTotal'>): Promise<ImportCost> {
  return call(importDataCost, input, { silent: true });
}

/** Silent: a refused file answers its problems, which the page lists in place of a toast. */
export function uploadImport(input: ImportInput, idempotencyKey: string): Promise<BatchResult> {
  return call(importData, input, { idempotencyKey, silent: true });
}

export function loadGrade(merchant: string, signal?: AbortSignal): Promise<GradeAnswer> {
  return call(cardGrade, { merchant }, { signal, silent: true });
}
