/**
 * The permission rule of spec §5/§6: a control the user lacks the permission for is hidden, or
 * disabled when asked (`disable`, the spec's "second argument 1"). Main accounts may do everything;
 * in sub-account mode (stored `subAccount` = 1) only the `subPermission` keys the server sent
 * count, and the control follows them as soon as the server sends new ones.
 *
 * This only shapes the screen — the server checks the same permission on every call.
 */
import { useAtomValue } from 'jotai';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { hasPermission } from '../../lib/permissions';
import { accessAtom, appStore } from '../../lib/session';

export { hasPermission };

/** hasPermission for a component: it re-renders when the stored rights change. */
export function usePermission(permission: string): boolean {
  useAtomValue(accessAtom, { store: appStore });
  return hasPermission(permission);
}

interface Disableable {
  disabled?: boolean;
  'aria-disabled'?: boolean;
  title?: string;
}

export interface CanProps {
  permission: string;
  /** Show the control disabled instead of hiding it. */
  disable?: boolean;
  /** Tooltip on a disabled control, e.g. "Ask the main account for access". */
  reason?: string;
  /**
   * One element that accepts `disabled` (a button), or a function given `allowed` for anything
   * more complex.
   */
  children: ReactElement<Disableable> | ((allowed: boolean) => ReactNode);
}

export function Can({ permission, disable = false, reason, children }: CanProps) {
  const allowed = usePermission(permission);
  if (typeof children === 'function') return <>{children(allowed)}</>;
  if (allowed) return children;
  if (!disable || !isValidElement(children)) return null;
  return cloneElement(children, { disabled: true, 'aria-disabled': true, title: reason });
}
