/**
 * What the live stream tells the app (issue 18 §1), without the stream itself: features import this
 * small module to hear a kind of change or to ask whether the stream is up (their polling is only the
 * fallback for when it is not); lib/live.ts holds the connection and is loaded by the signed-in
 * shell only, so the sign-in page carries none of it.
 */
import { atom } from 'jotai';
import { appStore, onSessionEnd } from './session';

/** The kinds of contract/live.ts, repeated here so this module stays free of the contract's zod. */
export type LiveKind = 'wallet' | 'orders' | 'forecasts' | 'cards' | 'otp' | 'notices' | 'account';

/** The stream is open and has said `ready`. */
export const liveConnectedAtom = atom(false);

type Listener = (kinds: ReadonlySet<LiveKind>) => void;
const listeners = new Set<Listener>();

/** Calls `listener` for every change naming one of `kinds`; the answer stops it. */
export function onLiveChange(kinds: readonly LiveKind[], listener: () => void): () => void {
  const wanted = new Set(kinds);
  const filtered: Listener = (changed) => {
    for (const kind of changed)
      if (wanted.has(kind)) {
        listener();
        return;
      }
  };
  listeners.add(filtered);
  return () => listeners.delete(filtered);
}

/** Tells every listener (lib/live.ts calls it for each event, and with every kind after a reconnect). */
export function emitLiveChange(kinds: ReadonlySet<LiveKind>): void {
  for (const listener of [...listeners]) listener(kinds);
}

/** Whether changes arrive by themselves now: a poller may then skip its rounds. */
export function isLive(): boolean {
  return appStore.get(liveConnectedAtom);
}

export function setLiveConnected(connected: boolean): void {
  if (appStore.get(liveConnectedAtom) !== connected) appStore.set(liveConnectedAtom, connected);
}

onSessionEnd(() => setLiveConnected(false));
