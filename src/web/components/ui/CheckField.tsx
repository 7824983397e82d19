/**
 * A checkbox with its text, drawn by us (issue 13 §3): antd-mobile's Checkbox puts `div`s inside its
 * `<label>`, which HTML does not allow (a label holds phrasing content only). Here the label holds
 * the native input — kept in the keyboard order and read by screen readers as a checkbox — and two
 * spans: the drawn box and the text. The whole line is the touch target.
 */
import type { ReactNode } from 'react';
import './check-field.css';

export interface CheckFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  describedBy?: string | undefined;
  'data-testid'?: string;
}

export function CheckField({ id, checked, onChange, children, describedBy, ...rest }: CheckFieldProps) {
  return (
    <label className="cp-checkfield" htmlFor={id} data-testid={rest['data-testid']}>
      <input
        id={id}
        type="checkbox"
        className="cp-checkfield__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
      />
      <span className="cp-checkfield__box" aria-hidden="true">
        <svg viewBox="0 0 16 16" width="12" height="12">
          <path
            d="M3 8.5l3 3 7-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </span>
      <span className="cp-checkfield__text">{children}</span>
    </label>
  );
}
