/**
 * The money flow of a card load (single or batch), issue 5 §1: ask the exact cost, let the
 * customer choose the paying wallet among the totals, then charge with the total they saw
 * (`expectTotal`) and an Idempotency-Key. The key is made once per submission and reused when the
 * same submission is retried after a lost answer; a 409 (the price changed meanwhile) fetches the
 * new cost, shows it, and the next confirmation is a new submission with a new key.
 */
import { useState } from 'react';
import type { CostBreakdown, DebitCurrency } from '@contract/cards';
import { ApiError } from '@web/lib/http';
import { mayNotHaveRun, useSubmissionKey } from '@web/lib/useSubmissionKey';

export interface ChargeFields {
  amount: number;
  debitCurrency: DebitCurrency;
  expectTotal: number;
}

export interface QuotedChargeOptions<R> {
  /** The `*Cost` call for an amount (minor units of the card currency). */
  quote: (amount: number) => Promise<CostBreakdown>;
  /** The money-moving call with the fields and the submission's key. */
  charge: (fields: ChargeFields, idempotencyKey: string) => Promise<R>;
}

/** The wallet preselected: the card's own currency when it can pay, else the first that can. */
export function preferredDebit(quote: CostBreakdown): DebitCurrency | null {
  const own = quote.totals.find((total) => total.debitCurrency === quote.cardCurrency && total.enough);
  return (own ?? quote.totals.find((total) => total.enough) ?? quote.totals[0])?.debitCurrency ?? null;
}

export function useQuotedCharge<R>({ quote, charge }: QuotedChargeOptions<R>) {
  const [cost, setCost] = useState<{ amount: number; breakdown: CostBreakdown } | null>(null);
  const [debit, setDebit] = useState<DebitCurrency | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set after a 409: the customer is shown that the total changed before confirming again. */
  const [repriced, setRepriced] = useState(false);
  const { keyFor, forget } = useSubmissionKey();

  const fetchCost = async (amount: number): Promise<CostBreakdown> => {
    const breakdown = await quote(amount);
    setCost({ amount, breakdown });
    setDebit((chosen) =>
      chosen && breakdown.totals.some((total) => total.debitCurrency === chosen)
        ? chosen
        : preferredDebit(breakdown),
    );
    return breakdown;
  };

  /** Asks the cost of an amount; false when the call failed (the HTTP layer said why). */
  const requestCost = async (amount: number): Promise<boolean> => {
    setBusy(true);
    setRepriced(false);
    try {
      await fetchCost(amount);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Resolves with the answer when charged, or null when not (refused, repriced, no answer). */
  const confirm = async (): Promise<R | null> => {
    const total = cost?.breakdown.totals.find((item) => item.debitCurrency === debit);
    if (!cost || !debit || !total) return null;
    const fields: ChargeFields = { amount: cost.amount, debitCurrency: debit, expectTotal: total.total };
    setBusy(true);
    try {
      const result = await charge(fields, keyFor(fields));
      forget();
      return result;
    } catch (error) {
      if (!(error instanceof ApiError)) return null;
      if (error.code === 409) {
        // New cost, new fields, hence a new key. When the total did not change (the same
        // submission is still being processed), the fields and so the key stay the same, and
        // confirming again gets the first answer rather than a second charge.
        const fresh = await fetchCost(cost.amount).catch(() => null);
        const now = fresh?.totals.find((item) => item.debitCurrency === debit);
        setRepriced(!now || now.total !== total.total);
      } else if (!mayNotHaveRun(error.code)) {
        // A definite refusal (e.g. 422 insufficient balance) is stored under the key: trying
        // again after fixing the cause must be a new submission.
        forget();
      }
      return null;
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setCost(null);
    setRepriced(false);
  };

  const chosenTotal = cost?.breakdown.totals.find((item) => item.debitCurrency === debit) ?? null;

  return { cost, debit, setDebit, chosenTotal, busy, repriced, requestCost, confirm, reset };
}
