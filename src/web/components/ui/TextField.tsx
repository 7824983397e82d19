/**
 * A labelled text input with its error line. Native <input> on purpose: tests and password
 * managers need `id`, `name`, `autocomplete` and `data-testid` on the input element itself, and
 * the error is tied to it with aria-describedby so screen readers announce it.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './fields.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Control at the end of the input (send-code button, show-password toggle). */
  suffix?: ReactNode;
  hint?: ReactNode;
  'data-testid'?: string;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  suffix,
  hint,
  id,
  className,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`cp-field ${error ? 'cp-field--invalid' : ''} ${className ?? ''}`}>
      <label className="cp-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="cp-field__control">
        <input
          {...input}
          id={inputId}
          className="cp-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {suffix ? <div className="cp-field__suffix">{suffix}</div> : null}
      </div>
      {hint && !error ? (
        <p id={hintId} className="cp-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          className="cp-field__error"
          role="alert"
          data-testid={`${input['data-testid'] ?? inputId}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Password input with a show/hide toggle (helps on phones, where typos are common). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      suffix={
        <button
          type="button"
          className="cp-field__icon-button"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? t('hidePassword') : t('showPassword')}
          aria-pressed={shown}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {shown ? null : (
              <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            )}
          </svg>
        </button>
      }
    />
  );
}

/** E-mail address used as the user name: the keyboard, autofill and no auto-correction to match. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      autoComplete="username"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
    />
  );
}

/** Six-digit code from a mail or an authenticator: numeric keyboard and one-time-code autofill. */
export function CodeField(props: Omit<TextFieldProps, 'inputMode' | 'maxLength'>) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      className="cp-code-input"
      {...props}
    />
  );
}
