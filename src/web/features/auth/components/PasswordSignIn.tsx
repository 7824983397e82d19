/**
 * Password sign-in. A 428 answer either adds the security check (captcha) to the form or hands
 * over to the Google Authenticator step.
 */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tokens } from '@contract/auth';
import { EmailField, PasswordField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { call } from '../../../lib/http';
import { useValidate } from '../../../lib/useValidate';
import type { FieldErrors } from '../../../lib/validation';
import { stepOf, type GoogleTicket } from '../api';
import { newImageChallenge, proofOf, renewChallenge, type Challenge } from '../captcha';
import { loadAuthContract } from '../contract';
import { CaptchaChallenge } from './CaptchaChallenge';
import { CheckField } from '../../../components/ui/CheckField';

export interface PasswordSignInProps {
  email: string;
  onEmailChange: (email: string) => void;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  onForgot: () => void;
  onTokens: (tokens: Tokens) => Promise<void>;
  onGoogle: (step: GoogleTicket) => void;
}

type Field = 'username' | 'password' | 'captcha';

export function PasswordSignIn(props: PasswordSignInProps) {
  const { email, onEmailChange, remember, onRememberChange, onForgot, onTokens, onGoogle } = props;
  const { t } = useTranslation('auth');
  const validate = useValidate();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The server's refusal, said above the button: a toast in the middle of a phone screen covered
  // the password field the customer has to correct (issue 18 §5).
  const [refusal, setRefusal] = useState<string | null>(null);

  const afterFailure = async (error: unknown) => {
    const step = await stepOf(error);
    if (step?.need === 'google') onGoogle(step);
    else if (step?.need === 'captcha' && !challenge) setChallenge(await newImageChallenge());
    // Any failed attempt used up the captcha on the server: show a fresh one of the same kind.
    else if (challenge) setChallenge(await renewChallenge(challenge).catch(newImageChallenge));
  };

  const signIn = async () => {
    setSubmitting(true);
    setRefusal(null);
    try {
      const { loginPwd } = await loadAuthContract();
      const checked = validate(
        loginPwd.request,
        { username: email, password },
        { username: t('signIn.email'), password: t('signIn.password') },
      );
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      const proof = await proofOf(challenge);
      if (!proof) {
        setErrors({ captcha: t('captcha.required') });
        return;
      }
      setErrors({});
      await onTokens(
        await call(
          loginPwd,
          { username: checked.data.username, password, ...proof },
          { showMessage: setRefusal },
        ),
      );
    } catch (error) {
      await afterFailure(error).catch(() => undefined);
    } finally {
      setSubmitting(false);
    }
  };
  const { guarded, onSubmit } = useGuardedSubmit(() => void signIn());

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signIn.tabPassword')} data-testid="password-sign-in">
      <EmailField
        id="signin-email"
        name="username"
        label={t('signIn.email')}
        value={email}
        onChange={onEmailChange}
        placeholder={t('signIn.emailPlaceholder')}
        error={errors.username}
        data-testid="signin-email"
      />
      <PasswordField
        id="signin-password"
        name="password"
        label={t('signIn.password')}
        value={password}
        onChange={setPassword}
        placeholder={t('signIn.passwordPlaceholder')}
        autoComplete="current-password"
        error={errors.password}
        data-testid="signin-password"
      />
      {challenge ? (
        <CaptchaChallenge challenge={challenge} onChange={setChallenge} error={errors.captcha} />
      ) : null}
      <div className="cp-auth__row">
        <CheckField id="remember-me" checked={remember} onChange={onRememberChange} data-testid="remember-me">
          {t('signIn.remember')}
        </CheckField>
        <button type="button" className="cp-link" onClick={onForgot} data-testid="forgot-link">
          {t('signIn.forgot')}
        </button>
      </div>
      {refusal ? (
        <p className="cp-auth__refusal" role="alert" data-testid="signin-error">
          {refusal}
        </p>
      ) : null}
      <Button
        type="submit"
        block
        color="primary"
        className="cp-auth__submit"
        loading={submitting}
        disabled={guarded || submitting}
        data-testid="signin-submit"
      >
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
