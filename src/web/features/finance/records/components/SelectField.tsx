/**
 * A labelled native <select> in the look of TextField: native on purpose, since a phone then shows
 * its own picker and screen readers know it without help.
 */
import { useId } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  name?: string;
  'data-testid'?: string;
}

export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
  ...rest
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className="cp-field cp-select">
      <label className="cp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cp-field__control">
        <select
          id={id}
          name={name}
          className="cp-field__input cp-select__input"
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
          data-testid={rest['data-testid']}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="cp-select__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
    </div>
  );
}
