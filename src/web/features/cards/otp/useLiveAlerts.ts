/**
 * What the shell's live alerts show (issue 32 §1): the 3-D Secure codes still usable, and the
 * declines that happened since the app opened, of the cards the user may see (the server answers
 * only those: getThreePool and refusePage scope a team member to their own cards).
 *
 * Codes load at once, whenever the stream says `otp`, when the app comes back to the foreground,
 * and every 15 s only while the stream is down. Declines load when the stream says `cards` (an
 * authorization changed): the first answer is the baseline, and only rows that were not in it are
 * announced, so opening the app never replays old declines. Dismissed alerts stay dismissed for
 * this page load; nothing is stored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getThreePool, type OtpView } from '@contract/cards';
import { refusePage, type TradeRow } from '@contract/records';
import { call } from '../../../lib/http';
import { setLiveCodes } from '../../../lib/live-codes';
import { isLive, onLiveChange } from '../../../lib/live-events';

export const LIVE_CODES_FALLBACK_MS = 15_000;
/** The newest declines asked for each time; more at once than anyone reads in a notice. */
const DECLINES_ASKED = 5;

export interface LiveCodeAlert extends OtpView {
  /** Epoch ms when the code stops being usable. */
  expiresAt: number;
}

export interface LiveAlerts {
  /** Usable codes not dismissed, newest first. */
  codes: LiveCodeAlert[];
  /** Declines since the app opened, not dismissed, newest first. */
  declines: TradeRow[];
  dismissCode: (id: string) => void;
  dismissDecline: (id: string) => void;
}

function useForeground(listener: () => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onForeground = () => {
      if (document.visibilityState !== 'hidden') listener();
    };
    window.addEventListener('focus', onForeground);
    document.addEventListener('visibilitychange', onForeground);
    return () => {
      window.removeEventListener('focus', onForeground);
      document.removeEventListener('visibilitychange', onForeground);
    };
  }, [listener, enabled]);
}

function useCodes(enabled: boolean): LiveCodeAlert[] {
  const [codes, setCodes] = useState<LiveCodeAlert[]>([]);
  const busy = useRef(false);
  const load = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    call(getThreePool, {}, { silent: true })
      .then((list) => {
        const now = Date.now();
        const live = list
          .filter((code) => code.secondsLeft > 0)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((code) => ({ ...code, expiresAt: now + code.secondsLeft * 1000 }));
        setCodes(live);
        setLiveCodes(live.map(({ id, cardId, expiresAt }) => ({ id, cardId, expiresAt })));
      })
      .catch(() => undefined) // silent: the next event or round tries again
      .finally(() => {
        busy.current = false;
      });
  }, []);
  useEffect(() => {
    if (!enabled) return;
    load();
    const stop = onLiveChange(['otp'], load);
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden' && !isLive()) load();
    }, LIVE_CODES_FALLBACK_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [enabled, load]);
  useForeground(load, enabled);
  return codes;
}

function useDeclines(enabled: boolean): TradeRow[] {
  const [declines, setDeclines] = useState<TradeRow[]>([]);
  const known = useRef<Set<string> | null>(null);
  const busy = useRef(false);
  const load = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    call(refusePage, { pageNo: 1, pageSize: DECLINES_ASKED }, { silent: true })
      .then((page) => {
        const baseline = known.current;
        known.current = new Set([...(baseline ?? []), ...page.data.map((row) => row.id)]);
        if (baseline === null) return; // the first answer: what happened before the app opened
        const fresh = page.data.filter((row) => !baseline.has(row.id));
        if (fresh.length > 0) setDeclines((shown) => [...fresh, ...shown].slice(0, DECLINES_ASKED));
      })
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
  useEffect(() => {
    if (!enabled) return;
    load();
    return onLiveChange(['cards'], load);
  }, [enabled, load]);
  return declines;
}

export function useLiveAlerts({
  codes: codesAllowed,
  declines: declinesAllowed,
}: {
  codes: boolean;
  declines: boolean;
}): LiveAlerts {
  const codes = useCodes(codesAllowed);
  const declines = useDeclines(declinesAllowed);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const dismiss = useCallback((id: string) => setDismissed((set) => new Set([...set, id])), []);
  return {
    codes: codes.filter((code) => !dismissed.has(code.id)),
    declines: declines.filter((row) => !dismissed.has(row.id)),
    dismissCode: dismiss,
    dismissDecline: dismiss,
  };
}
