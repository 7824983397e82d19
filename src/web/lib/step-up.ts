/**
 * Step-up re-authentication in the PWA (docs/decisions.md "Step-up re-authentication"). A sensitive
 * call needs a ticket bought with the password (or the Google code when Google Authenticator is
 * bound); `useStepUp()` gives a function that opens the one step-up sheet (StepUpSheet, hosted by
 * the signed-in shell) and resolves the ticket, or `null` when the customer cancels:
 *
 *   const askStepUp = useStepUp();
 *   const ticket = await askStepUp('card_reveal');
 *   if (ticket) await call(cardDetail, { cardId, stepUpTicket: ticket });
 *
 * The ticket is never stored: it lives in the caller's closure for the one call it opens.
 */
import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { StepUpPurpose } from '../../contract/account';
import { NEED_STEP_CODE } from './catalogue';
import { ApiError } from './http';

export type { StepUpPurpose } from '../../contract/account';

export interface StepUpRequest {
  id: number;
  purpose: StepUpPurpose;
  /** Called once: with the ticket, or null when the customer closed the sheet. */
  settle: (ticket: string | null) => void;
}

/** The pending request the host shows; one at a time (a new one cancels the old). */
export const stepUpRequestAtom = atom<StepUpRequest | null>(null);

let lastId = 0;

export function useStepUp(): (purpose: StepUpPurpose) => Promise<string | null> {
  const setRequest = useSetAtom(stepUpRequestAtom);
  return useCallback(
    (purpose: StepUpPurpose) =>
      new Promise<string | null>((resolve) => {
        const id = ++lastId;
        let settled = false;
        const settle = (ticket: string | null) => {
          if (settled) return;
          settled = true;
          setRequest((current) => (current?.id === id ? null : current));
          resolve(ticket);
        };
        setRequest((previous) => {
          // Settled outside the updater: an updater must not set state itself.
          if (previous) queueMicrotask(() => previous.settle(null));
          return { id, purpose, settle };
        });
      }),
    [setRequest],
  );
}

/** The purpose a 428 answer asks a step-up for, or null when the error is something else. */
export function stepUpAskedBy(error: unknown): StepUpPurpose | null {
  if (!(error instanceof ApiError) || error.code !== NEED_STEP_CODE) return null;
  const data = error.data as { stepUp?: unknown } | null;
  return typeof data?.stepUp === 'string' ? (data.stepUp as StepUpPurpose) : null;
}
