/** A sign-in log entry as the server sends it, and its device as a label. */
import type { z } from 'zod';
import type { loginLogEntry } from '../../../contract/logs';

export type LoginEntry = z.infer<typeof loginLogEntry>;

type T = (key: string) => string;

/** The server's parsed device text; a string nobody could read is an "unknown device". */
export function deviceLabel(t: T, entry: LoginEntry): string {
  return entry.deviceText || t('unknownDevice');
}
