/**
 * Lazy access to antd-mobile's imperative APIs (Toast.show, Dialog.confirm). Both the React 19
 * renderer they need (antd-react19.ts, which drags in rc-util's legacy renderer) and the
 * components themselves (which bring react-spring) stay out of the entry bundle until the first
 * notification. Every imperative call must go through here so the renderer is installed first.
 */
let renderer: Promise<void> | null = null;
/** Every load started, so that tests can let them finish before their page is torn down. */
const loads: Promise<unknown>[] = [];

export function ensureAntdRenderer(): Promise<void> {
  renderer ??= import('./antd-react19').then((module) => module.installAntdRenderer());
  return renderer;
}

export async function loadToast() {
  const load = Promise.all([ensureAntdRenderer(), import('antd-mobile/es/components/toast')]);
  loads.push(load);
  const [, toast] = await load;
  return toast.default;
}

export async function loadDialog() {
  const load = Promise.all([ensureAntdRenderer(), import('antd-mobile/es/components/dialog')]);
  loads.push(load);
  const [, dialog] = await load;
  return dialog.default;
}

/**
 * Resolves once every load started so far has ended, and what waited for it has run. For tests:
 * a notification shown as a test ends must not finish loading after jsdom is gone.
 */
export async function imperativeLoadsSettled(): Promise<void> {
  await Promise.allSettled(loads);
  await new Promise((resolve) => setTimeout(resolve, 0));
}
