/**
 * A labelled native <select> for the filter panel, styled like TextField. Native, so a phone shows
 * its own picker and assistive technology needs no help.
 */
import { useId } from 'react';

export interface FilterSelectProps<V extends string> {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  name: string;
  'data-testid'?: string;
}

export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
  ...rest
}: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className="cp-field cp-rec-select">
      <label className="cp-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cp-field__control cp-rec-select__control">
        <select
          id={id}
          name={name}
          className="cp-field__input cp-rec-select__input"
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => option.value === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
          data-testid={rest['data-testid']}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="cp-rec-select__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
    </div>
  );
}
