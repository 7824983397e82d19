/**
 * A labelled native <select> in the look of TextField. Native on purpose: a phone then shows its
 * own picker and screen readers know it without help.
 */
import { useId } from 'react';
import { ChevronIcon } from './icons';
import './fields.css';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  /** Options with the same group (consecutive) are shown under it as an <optgroup>. */
  group?: string;
}

/** Consecutive options of one group together; ungrouped ones stand alone. */
function runsOf<V extends string>(options: readonly SelectOption<V>[]) {
  const runs: { group: string | undefined; options: SelectOption<V>[] }[] = [];
  for (const option of options) {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.options.push(option);
    else runs.push({ group: option.group, options: [option] });
  }
  return runs;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  name?: string;
  /** For a label or a focus move elsewhere on the page; generated when not given. */
  id?: string;
  error?: string | undefined;
  'data-testid'?: string;
}

export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  name,
  id,
  error,
  ...rest
}: SelectFieldProps<V>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={`cp-field cp-select ${error ? 'cp-field--invalid' : ''}`}>
      <label className="cp-field__label" htmlFor={selectId}>
        {label}
      </label>
      <div className="cp-field__control">
        <select
          id={selectId}
          name={name}
          className="cp-field__input cp-select__input"
          value={value}
          onChange={(event) => {
            // The option itself, not the DOM's string: `V` stays honest without a cast.
            const chosen = options.find((option) => option.value === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={rest['data-testid']}
        >
          {runsOf(options).map((run, index) => {
            const items = run.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ));
            return run.group === undefined ? (
              items
            ) : (
              <optgroup key={`${index}-${run.group}`} label={run.group}>
                {items}
              </optgroup>
            );
          })}
        </select>
        <ChevronIcon direction="down" className="cp-select__chevron" />
      </div>
      {error ? (
        <p id={errorId} className="cp-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
