/**
 * A lazily loaded component that can be fetched ahead of its first render. React's `lazy` suspends
 * on its first render even when the module is already loaded (its promise settles a microtask
 * later), so a part a route loader fetched early would still appear one commit after the page and
 * push what is below it down. Once `preload()` has resolved, this renders the loaded component
 * directly; before that it falls back to `lazy` (and the caller's Suspense boundary).
 */
import { lazy, type ComponentType, type JSX } from 'react';

export interface Preloadable<Props extends object> {
  (props: Props): JSX.Element;
  /** Fetches the module; resolves once the component renders without suspending. */
  preload(): Promise<void>;
}

export function preloadable<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const fetchModule = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A failed fetch (a lost connection) may be tried again by the next render or preload.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchModule().then((component) => ({ default: component })));

  function PreloadableComponent(props: Props): JSX.Element {
    const Component = loaded;
    return Component ? <Component {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(PreloadableComponent, {
    preload: () => fetchModule().then(() => undefined),
  });
}
