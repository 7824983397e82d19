/**
 * Lazy access to antd-mobile's imperative APIs (Toast.show, Dialog.confirm). Both the React 19
 * renderer they need (antd-react19.ts, which drags in rc-util's legacy renderer) and the
 * components themselves (which bring react-spring) stay out of the entry bundle until the first
 * notification. Every imperative call must go through here so the renderer is installed first.
 */
let renderer: Promise<void> | null = null;

export function ensureAntdRenderer(): Promise<void> {
  renderer ??= import('./antd-react19').then((module) => module.installAntdRenderer());
  return renderer;
}

export async function loadToast() {
  const [, toast] = await Promise.all([ensureAntdRenderer(), import('antd-mobile/es/components/toast')]);
  return toast.default;
}

export async function loadDialog() {
  const [, dialog] = await Promise.all([ensureAntdRenderer(), import('antd-mobile/es/components/dialog')]);
  return dialog.default;
}
