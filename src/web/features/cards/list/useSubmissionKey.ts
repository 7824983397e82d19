/**
 * The Idempotency-Key of a money action (api-conventions.md). One key per submission: made before
 * the first request and sent again when the customer retries the same submission (a timeout, a
 * lost answer), so the server moves the money at most once. Other fields are another submission
 * and get another key (the same key with other fields is refused). `forget()` after a success or
 * a refusal that changed the quote starts afresh.
 */
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../../../lib/http';

export function useSubmissionKey() {
  const last = useRef<{ fields: string; key: string } | null>(null);

  const keyFor = useCallback((fields: unknown): string => {
    const text = JSON.stringify(fields);
    if (last.current?.fields !== text) last.current = { fields: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);

  const forget = useCallback(() => {
    last.current = null;
  }, []);

  return { keyFor, forget };
}

/**
 * No answer, a timeout or a server failure: the action may or may not have run, so a retry must
 * keep the key. Any other answer is final for its key (the server stores it under the key).
 */
export function mayNotHaveRun(code: number): boolean {
  return code === 0 || code === 408 || (code >= 500 && code < 600);
}
