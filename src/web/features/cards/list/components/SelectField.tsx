/**
 * A labelled native <select> in the look of TextField: a phone shows its own picker and screen
 * readers know it without help.
 */
import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  name?: string;
  'data-testid'?: string;
}

export function SelectField({ label, value, options, onChange, name, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="cp-field cp-cl-select">
      <label className="cp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cp-field__control">
        <select
          id={id}
          name={name}
          className="cp-field__input cp-cl-select__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={rest['data-testid']}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="cp-cl-select__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
    </div>
  );
}
