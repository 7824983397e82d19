/**
 * Short notifications. One place, so the look and the durations (spec §9: success 2 s, logout
 * 1 s) stay consistent. The Toast code loads on first use (antd-imperative.ts).
 */
import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { loadToast } from './antd-imperative';

export const SUCCESS_MS = 2000;
export const ERROR_MS = 2500;

function show(props: ToastShowProps): void {
  void loadToast().then((Toast) => Toast.show({ maskClickable: true, ...props }));
}

export function toastError(text: string): void {
  show({ content: text, icon: 'fail', duration: ERROR_MS });
}

export function toastSuccess(text: string, duration = SUCCESS_MS): void {
  show({ content: text, icon: 'success', duration });
}

export function toastInfo(text: string): void {
  show({ content: text, duration: SUCCESS_MS });
}
