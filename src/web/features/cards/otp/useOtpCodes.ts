/**
 * The 3-D Secure codes on screen (issue 5 §4): all cards' codes (getThreePool) or one card's
 * (getOtp), newest first. While the screen is open it reloads by itself every 5 seconds and at
 * once when the app comes back to the foreground (with the live stream up, at once when a code
 * arrives and without the 5-second round), since the customer is paying in another app and
 * switches back for the code. Loads are silent (a toast every 5 seconds would bury the screen); a
 * failure shows in the screen instead.
 *
 * The codes stay in this hook's state only (not the query cache): closing the screen forgets them.
 * Each code's remaining time is turned into an instant when it arrives, so the countdown stays
 * right between loads and after the device slept.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getOtp, getThreePool, type OtpView } from '@contract/cards';
import { call } from '../../../lib/http';
import { isLive, onLiveChange } from '../../../lib/live-events';

export const OTP_REFRESH_MS = 5000;

export type OtpSource = { kind: 'pool' } | { kind: 'card'; cardId: string };

export interface OtpCode extends OtpView {
  /** Epoch ms when the code stops being usable. */
  expiresAt: number;
}

export interface OtpCodes {
  codes: OtpCode[] | null;
  loading: boolean;
  /** The last load failed (the codes shown, if any, are older). */
  failed: boolean;
  refresh: () => void;
}

function load(source: OtpSource, signal: AbortSignal): Promise<OtpView[]> {
  return source.kind === 'pool'
    ? call(getThreePool, {}, { signal, silent: true })
    : call(getOtp, { cardId: source.cardId }, { signal, silent: true });
}

export function useOtpCodes(source: OtpSource, open: boolean): OtpCodes {
  const [codes, setCodes] = useState<OtpCode[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const cardId = source.kind === 'card' ? source.cardId : null;

  const refresh = useCallback(() => {
    if (inFlight.current) return; // One load at a time; the next tick catches up.
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    const from: OtpSource = cardId === null ? { kind: 'pool' } : { kind: 'card', cardId };
    load(from, controller.signal)
      .then((list) => {
        const now = Date.now();
        const sorted = [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        setCodes(sorted.map((code) => ({ ...code, expiresAt: now + code.secondsLeft * 1000 })));
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
        if (!controller.signal.aborted) setLoading(false);
      });
  }, [cardId]);

  useEffect(() => {
    if (!open) return;
    refresh();
    // A new code arrives through the live stream at once; the 5-second round is its fallback.
    const stopListening = onLiveChange(['otp'], refresh);
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden' && !isLive()) refresh();
    }, OTP_REFRESH_MS);
    const onForeground = () => {
      if (document.visibilityState !== 'hidden') refresh();
    };
    window.addEventListener('focus', onForeground);
    document.addEventListener('visibilitychange', onForeground);
    return () => {
      stopListening();
      clearInterval(timer);
      window.removeEventListener('focus', onForeground);
      document.removeEventListener('visibilitychange', onForeground);
      inFlight.current?.abort();
      inFlight.current = null;
      // Closed: the codes are forgotten, the next opening starts from a fresh load.
      setCodes(null);
      setFailed(false);
      setLoading(false);
    };
  }, [open, refresh]);

  return { codes, loading, failed, refresh };
}
