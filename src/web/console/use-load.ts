/** Loads a list once and on demand; a failure shows its message. */
import { Toast } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { ConsoleError } from './api';

export function useLoad<T>(load: () => Promise<T>): { data: T | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const reload = useCallback(() => {
    load()
      .then(setData)
      .catch((error: unknown) => {
        if (error instanceof ConsoleError && error.code !== 401) Toast.show({ content: error.message });
      });
  }, [load]);
  useEffect(reload, [reload]);
  return { data, reload };
}

/** Runs an action, toasts its outcome, then reloads. */
export async function act(run: () => Promise<unknown>, done: string, reload: () => void): Promise<boolean> {
  try {
    await run();
    Toast.show({ icon: 'success', content: done });
    reload();
    return true;
  } catch (error) {
    if (error instanceof ConsoleError) Toast.show({ content: error.message });
    return false;
  }
}

export function money(minor: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);
}
