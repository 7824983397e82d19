/**
 * Second factor after a correct password (428 {need:'google', ticket}): the 6-digit code from
 * Google Authenticator completes the sign-in through loginByGoogle before the ticket expires.
 */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginByGoogle, type Tokens } from '@contract/auth';
import { Countdown } from '../../../components/ui/Countdown';
import { CodeField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { call } from '../../../lib/http';
import { toastError } from '../../../lib/notify';
import { useValidate } from '../../../lib/useValidate';

export interface GoogleStepProps {
  ticket: string;
  /** Seconds the ticket stays valid. */
  expiresIn: number;
  onTokens: (tokens: Tokens) => Promise<void>;
  onBack: () => void;
}

export function GoogleStep({ ticket, expiresIn, onTokens, onBack }: GoogleStepProps) {
  const { t } = useTranslation('auth');
  const validate = useValidate();
  const [googleCode, setGoogleCode] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const verify = async () => {
    const checked = validate(loginByGoogle.request, { ticket, googleCode }, { googleCode: t('google.code') });
    if (!checked.ok) {
      setError(checked.errors.googleCode ?? checked.errors.ticket);
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await onTokens(await call(loginByGoogle, checked.data));
    } catch {
      setGoogleCode(''); // Codes rotate every 30 s; let the user type the next one.
    } finally {
      setSubmitting(false);
    }
  };
  const { guarded, onSubmit } = useGuardedSubmit(() => void verify());

  const expired = () => {
    toastError(t('google.expired'));
    onBack();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="google-title" data-testid="google-step">
      <div className="cp-google__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path
            d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <path
            d="M8.5 12l2.5 2.5 4.5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 id="google-title" className="cp-auth__title">
        {t('google.title')}
      </h1>
      <p className="cp-auth__subtitle">{t('google.hint')}</p>
      <CodeField
        id="google-code"
        name="googleCode"
        label={t('google.code')}
        value={googleCode}
        onChange={(value) => setGoogleCode(value.replace(/\D/g, '').slice(0, 6))}
        pattern="[0-9]*"
        autoFocus
        error={error}
        data-testid="google-code"
      />
      <p className="cp-google__expiry">
        {t('google.expiresIn')}{' '}
        <Countdown seconds={expiresIn} onDone={expired} data-testid="google-countdown" />
      </p>
      <Button
        type="submit"
        block
        color="primary"
        className="cp-auth__submit"
        loading={submitting}
        disabled={guarded || submitting}
        data-testid="google-submit"
      >
        {t('google.submit')}
      </Button>
      <button type="button" className="cp-link cp-auth__back" onClick={onBack} data-testid="google-back">
        {t('google.back')}
      </button>
    </form>
  );
}
