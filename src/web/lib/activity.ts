/**
 * Inactivity logout (spec §4, §9): a signed-in user idle for more than 2 hours is signed out.
 *
 * Activity (a pointer press, a key, the page becoming visible) refreshes the `lastActivity` stamp
 * in local storage at most once a minute — it is shared by every tab, so working in one tab keeps
 * the others alive, and a minute's precision is plenty against a 2-hour limit. The stamp is checked
 * on start, every minute and before each refresh: a tab woken after hours must sign out, not
 * count the wake-up as activity.
 *
 * The clock and the periods are parameters so unit tests can drive them with fake timers; the
 * end-to-end tests use Playwright's page.clock instead, so production code has no test switch.
 */
import { getItem, setItem } from './storage';

export const IDLE_LIMIT_MS = 7_200_000;
export const STAMP_EVERY_MS = 60_000;
export const CHECK_EVERY_MS = 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

export interface ActivityMonitorOptions {
  /** Called once when the limit is passed; the monitor has stopped by then. */
  onIdle: () => void;
  now?: () => number;
  idleLimitMs?: number;
  stampEveryMs?: number;
  checkEveryMs?: number;
  /** Where activity is listened for (tests may pass their own). */
  target?: Window;
}

/** Whether the stored stamp is older than the limit. No stamp is not idle: there is nothing to compare. */
export function isIdle(now: number, limitMs: number = IDLE_LIMIT_MS): boolean {
  const last = getItem('lastActivity');
  return typeof last === 'number' && now - last > limitMs;
}

/** Starts watching; returns the function that stops it. */
export function startActivityMonitor(options: ActivityMonitorOptions): () => void {
  const {
    onIdle,
    now = Date.now,
    idleLimitMs = IDLE_LIMIT_MS,
    stampEveryMs = STAMP_EVERY_MS,
    checkEveryMs = CHECK_EVERY_MS,
    target = window,
  } = options;
  let stopped = false;

  const goIdle = () => {
    stop();
    onIdle();
  };

  /** Returns false when the user turned out to be idle (and was handed to onIdle). */
  const check = (): boolean => {
    if (stopped) return false;
    if (!isIdle(now(), idleLimitMs)) return true;
    goIdle();
    return false;
  };

  const touch = () => {
    if (!check()) return;
    const last = getItem('lastActivity');
    const at = now();
    if (typeof last !== 'number' || at - last >= stampEveryMs) setItem('lastActivity', at);
  };

  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') touch();
  };

  const timer = target.setInterval(check, checkEveryMs);
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, touch, { passive: true });
  target.document.addEventListener('visibilitychange', onVisibility);

  function stop() {
    if (stopped) return;
    stopped = true;
    target.clearInterval(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, touch);
    target.document.removeEventListener('visibilitychange', onVisibility);
  }

  // On start: sign out a session left idle (the app was closed for hours), else count as activity.
  touch();
  return stop;
}
