/**
 * Submitting a top-up form (issue 4 §3: "every money action sends an Idempotency-Key made before
 * the request and reused on retry"). The key is made when the form is first submitted and kept
 * until the order exists or the customer changes the form, so pressing the button again after a
 * timeout or a lost answer repeats the same request and cannot create a second order.
 *
 * A plain call rather than a TanStack mutation on purpose: a mutation keeps its variables in the
 * mutation cache, and the bank-card form's variables hold a card number.
 */
import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../lib/http';
import { createOrder, type CreateOrderInput, type TopupOrder } from './api';

export function useCreateOrder() {
  const key = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The form changed: the next submission is a new one. */
  const forget = useCallback(() => {
    key.current = null;
  }, []);

  /** Resolves with the order, or null when the request failed (the HTTP layer said why). */
  const create = useCallback(async (input: CreateOrderInput): Promise<TopupOrder | null> => {
    key.current ??= newIdempotencyKey();
    setBusy(true);
    try {
      const order = await createOrder(input, key.current);
      key.current = null;
      return order;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  }, []);

  return { create, busy, forget };
}
