/**
 * The Idempotency-Key of a card opening (api-conventions.md): made once per confirmation, before
 * the request, and sent again when the customer retries the same confirmation (after a timeout or
 * a lost answer), so the server opens the cards at most once. Other parameters (another total
 * after a price change, another debit account, another file) are another confirmation and get a
 * new key — the same key with other parameters would be refused (409). After an outcome the next
 * confirmation starts afresh.
 */
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/http';

export function useSubmissionKey() {
  const current = useRef<{ payload: string; key: string } | null>(null);

  const keyFor = useCallback((payload: unknown): string => {
    const text = JSON.stringify(payload);
    if (current.current?.payload !== text) current.current = { payload: text, key: newIdempotencyKey() };
    return current.current.key;
  }, []);

  const done = useCallback(() => {
    current.current = null;
  }, []);

  return { keyFor, done };
}
