/**
 * The ledger legs of an opening. `chargeLegs` (pricing.ts) makes the legs of one price; an import
 * can hold several prices (one per segment and first load), so their legs are concatenated and the
 * legs that touch the same account for the same purpose are added up: the customer's breakdown
 * shows one charge and one fee for the whole opening, not one per group.
 */
import type { Leg } from '../../ledger';

function mergeKey(leg: Leg): string {
  return `${JSON.stringify(leg.account)}|${leg.type}`;
}

export function mergeLegs(legs: readonly Leg[]): Leg[] {
  const merged = new Map<string, Leg>();
  for (const leg of legs) {
    const key = mergeKey(leg);
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...leg });
      continue;
    }
    seen.amount += leg.amount;
    // A serial or label names one card; on a leg of several cards it would mislead.
    if ((seen.cardSerial ?? null) !== (leg.cardSerial ?? null)) seen.cardSerial = null;
    if ((seen.label ?? null) !== (leg.label ?? null)) seen.label = null;
  }
  return [...merged.values()];
}

/** Neutral text, like a top-up's `<channel> <order>`: the flow page names the type in the reader's language. */
export function openingDescription(segmentIds: readonly string[], count: number): string {
  const segments = [...new Set(segmentIds)].join(', ');
  return count === 1 ? segments : `${segments} ×${count}`;
}
