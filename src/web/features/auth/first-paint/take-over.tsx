/**
 * How React takes over from index.html's static sign-in page (first-paint.ts, boot.ts).
 *
 * The static page is already on screen, so nothing is gained by doing the start-up in one long
 * task; split into short ones, the page stays responsive (and Lighthouse's blocking time low)
 * while the real one is prepared. The route is resolved before React renders, so React's first
 * commit is the page itself: the static copy is replaced in one step, never by an empty #root.
 */
import { startTransition, useLayoutEffect, type ReactNode } from 'react';

/** True while boot.ts has displayed the static sign-in page. */
export function firstPaintShown(root: HTMLElement = document.documentElement): boolean {
  return root.hasAttribute('data-first-paint');
}

/** Lets the browser run whatever waits (input, paint); the caller goes on in a new task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The little of the router the take-over uses (TanStack Router's own members). */
export interface TakeOverRouter {
  load(): Promise<void>;
  updateLatestLocation(): void;
  latestLocation: { href: string };
  state: { resolvedLocation?: { href: string } };
}

export interface StartedApp {
  router: TakeOverRouter;
  root: { render(children: ReactNode): void };
  app: ReactNode;
}

/** Calls `onMount` once its children are in the page (after their own layout effects). */
function Mounted({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useLayoutEffect(onMount, [onMount]);
  return children;
}

/**
 * The router follows the address from its mount on. Resolved before that, it has not seen a
 * change made while React was rendering (a tap on the static page's sign-up link, say): catch up.
 */
function catchUp(router: TakeOverRouter): void {
  router.updateLatestLocation();
  if (router.latestLocation.href !== router.state.resolvedLocation?.href) void router.load();
}

/**
 * Sets the app up (`createApp`: router, React root), resolves the first route (its guard runs;
 * the sign-in page's code is in the entry bundle), then renders as a transition, which React splits
 * into short tasks; each step in a task of its own. A route that fails to load still renders: the
 * router shows its error.
 */
export async function takeOverFirstPaint(createApp: () => StartedApp): Promise<void> {
  await nextTask();
  const { router, root, app } = createApp();
  await nextTask();
  await router.load().catch(() => undefined);
  await nextTask();
  const onMount = () => catchUp(router);
  startTransition(() => root.render(<Mounted onMount={onMount}>{app}</Mounted>));
}
