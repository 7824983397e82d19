/**
 * The permission rule of spec §5/§6: a control the user lacks the permission for is hidden, or
 * disabled when asked (`disable`, the spec's "second argument 1"). Main accounts may do everything;
 * in sub-account mode (stored `subAccount` = 1) only the stored `subPermission` keys count.
 *
 * This only shapes the screen — the server checks the same permission on every call.
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { getItem } from '../../lib/storage';

/** Whether the signed-in user holds a permission key (read from storage on every call). */
export function hasPermission(permission: string): boolean {
  if (getItem('subAccount') !== 1) return true;
  return (getItem('subPermission') ?? []).includes(permission);
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
  const allowed = hasPermission(permission);
  if (typeof children === 'function') return <>{children(allowed)}</>;
  if (allowed) return children;
  if (!disable || !isValidElement(children)) return null;
  return cloneElement(children, { disabled: true, 'aria-disabled': true, title: reason });
}
