/**
 * The 3-D Secure codes still usable right now, as the whole app sees them (issue 32 §1): the shell's
 * live alerts (features/cards/otp/LiveAlerts.tsx) write what getThreePool answered; the badges of
 * home's codes tile, the card list and a card's screen count from it. It lives in lib/ because
 * those screens belong to different features. Only ids, cards and expiry instants are kept here,
 * never the codes themselves, and nothing of it is stored.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { appStore, onSessionEnd } from './session';

export interface LiveCode {
  id: string;
  cardId: string;
  /** Epoch ms when the code stops being usable. */
  expiresAt: number;
}

export const liveCodesAtom = atom<readonly LiveCode[]>([]);

export function setLiveCodes(codes: readonly LiveCode[]): void {
  appStore.set(liveCodesAtom, codes);
}

/** How many of `codes` (of one card when `cardId` is given) are usable at `now`. */
export function countLive(codes: readonly LiveCode[], now: number, cardId?: string): number {
  return codes.filter((code) => code.expiresAt > now && (cardId === undefined || code.cardId === cardId))
    .length;
}

/**
 * The count of usable codes, of one card or of all; it falls by itself as codes expire (a timer set
 * for the next expiry, not a ticking clock).
 */
export function useLiveCodeCount(cardId?: string): number {
  const codes = useAtomValue(liveCodesAtom, { store: appStore });
  const [now, setNow] = useState(() => Date.now());
  const next = codes
    .map((code) => code.expiresAt)
    .filter((at) => at > now)
    .reduce((min, at) => Math.min(min, at), Infinity);
  useEffect(() => {
    // A new list may hold codes the last clock reading already counts as expired: read it again.
    const fresh = setTimeout(() => setNow(Date.now()), 0);
    if (next === Infinity) return () => clearTimeout(fresh);
    const expiry = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()) + 50);
    return () => {
      clearTimeout(fresh);
      clearTimeout(expiry);
    };
  }, [next, codes]);
  return countLive(codes, now, cardId);
}

onSessionEnd(() => setLiveCodes([]));
