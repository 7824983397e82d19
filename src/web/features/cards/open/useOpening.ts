/**
 * Confirming an opening (issue 5 §1-2): newCard or batchOpenCard with the debit account and the
 * total the customer was shown (`expectTotal`), and an Idempotency-Key made once per confirmation
 * and reused when the same confirmation is retried.
 *
 * - 409 (the price changed meanwhile): the cost is asked for again and, when the total of the
 *   chosen account moved, the customer is shown the new total and asked again. Confirming that is
 *   another confirmation (another `expectTotal`), so it gets a new key.
 * - A batch is followed by polling `batchCard` with its batch id (= the key) every 500 ms while the
 *   request runs. When the request loses its answer (timeout, no connection, a gateway error) the
 *   batch may still be running on the server: polling goes on until it says done or failed, and a
 *   retry reuses the key, so the server answers the same batch rather than opening another.
 * - Any opening refreshes the wallet atom and every cached card answer.
 *
 * A plain call rather than a TanStack mutation on purpose: the form's values stay out of the
 * mutation cache, and the key's life is ours to decide.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/http';
import { useSubmissionKey } from '../../../lib/useSubmissionKey';
import { refreshWallet } from '../../../lib/wallet';
import {
  loadBatch,
  openBatch,
  openOneCard,
  type BatchResult,
  type CardView,
  type CostBreakdown,
  type DebitCurrency,
  type DebitTotal,
} from './api';
import { isFinalBatch, startBatchPoller, type BatchPoller } from './batch-poller';
import type { OpenInput, OpenMode } from './open-draft';

/** Looks in a row that may fail, after the request lost its answer, before the page gives up. */
export const LOST_ANSWER_POLLS = 20;

export type Outcome =
  { kind: 'single'; card: CardView; txnNo: string } | { kind: 'batch'; result: BatchResult };

export interface PriceChange {
  currency: DebitCurrency;
  from: number;
  to: number;
}

export interface Progress {
  issued: number;
  total: number;
}

/** What went wrong with a confirmation, when the page says it in place (beside the toast). */
export type Failure =
  | { kind: 'batchFailed'; reason: string | null }
  /** The answer was lost and the batch could not be followed: retrying is safe. */
  | { kind: 'lost' };

/** An answer that may never have reached us although the server went on working. */
export function lostAnswer(error: unknown): boolean {
  return error instanceof ApiError && [0, 408, 502, 503, 504].includes(error.code);
}

/**
 * A refusal after which nothing happened and whose answer the server keeps for the key (a business
 * rule, a bad field, no permission): confirming again must be a new request, or the server would
 * only replay the refusal — after a top-up, say. Unknown outcomes (no answer, a timeout, a server
 * error, 409 "still being processed", 429) keep the key, so a retry can never open twice.
 */
export function refusedForGood(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { code } = error;
  const unknown = code === 0 || code === 408 || code === 409 || code === 429 || (code >= 500 && code < 600);
  return !unknown;
}

/** @param requote asks for the cost again and resolves with the fresh breakdown */
export function useOpening(requote: () => Promise<CostBreakdown | undefined>) {
  const queryClient = useQueryClient();
  const { keyFor, forget } = useSubmissionKey();
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const poller = useRef<BatchPoller | null>(null);

  useEffect(() => () => poller.current?.stop(), []);

  const opened = useCallback(
    (next: Outcome) => {
      forget();
      setOutcome(next);
      void refreshWallet();
      void queryClient.invalidateQueries({ queryKey: ['cards'] });
    },
    [forget, queryClient],
  );

  const refused = useCallback(
    async (error: unknown, debit: DebitTotal) => {
      if (refusedForGood(error)) forget();
      if (!(error instanceof ApiError) || error.code !== 409) return;
      const fresh = await requote().catch(() => undefined);
      const now = fresh?.totals.find((total) => total.debitCurrency === debit.debitCurrency);
      if (now && now.total !== debit.total) {
        setPriceChange({ currency: debit.debitCurrency, from: debit.total, to: now.total });
      }
    },
    [forget, requote],
  );

  const settleBatch = useCallback(
    (result: BatchResult | null) => {
      if (!result) {
        setFailure({ kind: 'lost' }); // The key stays: confirming again asks about the same batch.
        return;
      }
      setProgress({ issued: result.issued, total: result.total });
      if (result.status === 'done') {
        opened({ kind: 'batch', result });
        return;
      }
      forget(); // All or nothing: nothing was opened, and trying again is a new batch.
      setFailure({ kind: 'batchFailed', reason: result.failureReason });
    },
    [forget, opened],
  );

  const openSingle = async (input: OpenInput, debit: DebitTotal) => {
    const { count: _count, ...fields } = input;
    const payload = { ...fields, debitCurrency: debit.debitCurrency, expectTotal: debit.total };
    const key = keyFor(['single', payload]);
    try {
      const answer = await openOneCard(payload, key);
      opened({ kind: 'single', card: answer.card, txnNo: answer.txnNo });
    } catch (error) {
      await refused(error, debit); // The HTTP layer has said why.
    }
  };

  const openMany = async (input: OpenInput, debit: DebitTotal) => {
    const payload = { ...input, debitCurrency: debit.debitCurrency, expectTotal: debit.total };
    const key = keyFor(['batch', payload]);
    setProgress({ issued: 0, total: input.count });
    poller.current?.stop();
    let settle: (result: BatchResult | null) => void = () => undefined;
    const followed = new Promise<BatchResult | null>((resolve) => {
      settle = resolve;
    });
    const follower = startBatchPoller({
      load: () => loadBatch(key),
      onProgress: (result) => setProgress({ issued: result.issued, total: result.total }),
      onFinal: (result) => settle(result),
      onGiveUp: () => settle(null),
    });
    poller.current = follower;
    try {
      const answer = await openBatch(payload, key);
      if (isFinalBatch(answer)) {
        follower.stop();
        settleBatch(answer);
      } else {
        settleBatch(await followed); // Accepted and still issuing: the polls tell the end.
      }
    } catch (error) {
      if (lostAnswer(error)) {
        follower.limitFailures(LOST_ANSWER_POLLS);
        settleBatch(await followed);
      } else {
        follower.stop();
        setProgress(null);
        await refused(error, debit);
      }
    } finally {
      if (poller.current === follower) poller.current = null;
    }
  };

  /** Opens the cards of a checked form, paid from `debit` at the total it shows. */
  const confirm = async (input: OpenInput, mode: OpenMode, debit: DebitTotal) => {
    if (sending) return;
    setPriceChange(null);
    setFailure(null);
    setSending(true);
    try {
      await (mode === 'single' ? openSingle(input, debit) : openMany(input, debit));
    } finally {
      setSending(false);
    }
  };

  /** Back to the form after a result, or when a finished confirmation is closed. */
  const reset = useCallback(() => {
    setOutcome(null);
    setProgress(null);
    setPriceChange(null);
    setFailure(null);
  }, []);

  return { confirm, reset, sending, progress, priceChange, failure, outcome };
}
