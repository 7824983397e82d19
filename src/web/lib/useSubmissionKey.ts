/**
 * The Idempotency-Key of a money action (api-conventions.md): one key per submission, made before
 * the first request and sent again when the customer retries the same submission (after a timeout
 * or a lost answer), so the server applies it at most once. Other fields (another amount, another
 * debit account, another file, another total after a price change) are another submission and get
 * another key: the same key with other fields would be refused (409). `forget()` after an outcome
 * (a success, or a refusal that settles the submission) starts afresh.
 */
import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from './http';

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

  /**
   * Sends a submission under its key. A success or a definite refusal settles the key (the next
   * submission gets a new one); when the action may not have run, the key stays for the retry.
   */
  const send = useCallback(
    async <R>(fields: unknown, action: (idempotencyKey: string) => Promise<R>): Promise<R> => {
      try {
        const result = await action(keyFor(fields));
        forget();
        return result;
      } catch (error) {
        if (error instanceof ApiError && !mayNotHaveRun(error.code)) forget();
        throw error;
      }
    },
    [keyFor, forget],
  );

  return { keyFor, forget, send };
}

/**
 * No answer, a timeout or a server failure: the action may or may not have run, so a retry must
 * keep the key. Any other answer is final for its key (the server stores it under the key).
 */
export function mayNotHaveRun(code: number): boolean {
  return code === 0 || code === 408 || (code >= 500 && code < 600);
}
