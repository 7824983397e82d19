/**
 * The Idempotency-Key of a money form (api-conventions.md): made once per submission, before the
 * request, and sent again when the customer retries the same submission (after a timeout or a
 * lost answer), so the server applies it at most once. A changed form is another submission and
 * gets a new key — the same key with other fields would be refused (409). After a success the next
 * submission starts afresh.
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
