/**
 * Renders a lazily loaded overlay (sheet, drawer, dialog) only once it has been opened, and keeps
 * it mounted afterwards so closing can animate. The overlay's code, and antd-mobile's Popup with its
 * gesture and animation engines under it, then load on the first opening instead of with every
 * page (the /home script budget of tests/e2e/budgets.spec.ts).
 */
import { Suspense, useState, type ReactNode } from 'react';

export function LoadedOnFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
