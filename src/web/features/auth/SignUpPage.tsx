/**
 * Sign-up (route `/signup`): e-mail with a mailed code, password twice, an optional invitation
 * code (prefilled from the invite link) and the agreement. Validated with the contract's schema
 * before anything is sent. Success signs the new customer in with the same credentials (issue 18
 * §5: nobody should type the password they just chose twice more) and goes home; should that
 * sign-in be refused (a security check demanded), the sign-in page opens with the address filled in.
 */
import Button from '../../components/ui/Button';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPwd, signup, signupCode } from '../../../contract/auth';
import { PasswordStrength } from '../../components/ui/PasswordStrength';
import { SendCodeButton } from '../../components/ui/SendCodeButton';
import { CodeField, EmailField, PasswordField, TextField } from '../../components/ui/TextField';
import { useGuardedSubmit } from '../../components/ui/useClickGuard';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { useValidate } from '../../lib/useValidate';
import type { FieldErrors } from '../../lib/validation';
import { AgreementField } from './components/AgreementField';
import { completeSignIn } from './api';
import { AuthLayout } from './components/AuthLayout';
import { captureInviteCode, forgetInviteCode, storedInviteCode } from './invite';
import { useCodeSender } from './useCodeSender';
import { useInviter } from './useInviter';

type Field = 'email' | 'code' | 'password' | 'confirmPassword' | 'inviteCode';

function initialValues(): Record<Field, string> {
  // The app captures the code at start-up; capture again for in-app navigations to an invite link.
  captureInviteCode(window.location.href);
  return { email: '', code: '', password: '', confirmPassword: '', inviteCode: storedInviteCode() };
}

export function SignUpPage() {
  const { t } = useTranslation('auth');
  const validate = useValidate();
  const navigate = useNavigate();
  const [values, setValues] = useState(initialValues);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field | 'agree'>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const inviter = useInviter(values.inviteCode);
  const sendCode = useCodeSender(
    async () => signupCode,
    values.email,
    (email) => setErrors((e) => ({ ...e, email })),
  );

  const register = async () => {
    const checked = validate(signup.request, values, {
      email: t('signUp.email'),
      code: t('signUp.code'),
      password: t('signUp.password'),
      confirmPassword: t('signUp.confirmPassword'),
      inviteCode: t('signUp.inviteCode'),
    });
    const agreeError = agreed ? undefined : t('common:validation.agreeTerms');
    if (!checked.ok || agreeError) {
      setErrors({ ...(checked.ok ? {} : checked.errors), agree: agreeError });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await call(signup, checked.data);
      forgetInviteCode();
      const { email, password } = checked.data;
      const tokens = await call(loginPwd, { username: email, password }, { silent: true }).catch(() => null);
      const user = tokens ? await completeSignIn(tokens).catch(() => null) : null;
      if (user) {
        toastSuccess(t('signUp.welcome'));
        await navigate({ to: '/home', replace: true });
      } else {
        toastSuccess(t('signUp.success'));
        await navigate({ to: '/', search: { email } });
      }
    } catch {
      // Shown by the HTTP layer (e.g. 409 already registered, wrong code); keep the form filled.
    } finally {
      setSubmitting(false);
    }
  };
  const { guarded, onSubmit } = useGuardedSubmit(() => void register());

  return (
    <AuthLayout
      title={t('signUp.title')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link to="/" className="cp-link" data-testid="to-signin">
            {t('signUp.toSignIn')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('signUp.title')} data-testid="signup-form">
        <EmailField
          id="signup-email"
          name="email"
          label={t('signUp.email')}
          value={values.email}
          onChange={set('email')}
          placeholder={t('signIn.emailPlaceholder')}
          error={errors.email}
          data-testid="signup-email"
        />
        <CodeField
          id="signup-code"
          name="code"
          label={t('signUp.code')}
          value={values.code}
          onChange={set('code')}
          placeholder={t('signIn.codePlaceholder')}
          error={errors.code}
          suffix={<SendCodeButton onSend={sendCode} data-testid="signup-send-code" />}
          data-testid="signup-code"
        />
        <PasswordField
          id="signup-password"
          name="new-password"
          label={t('signUp.password')}
          value={values.password}
          onChange={set('password')}
          placeholder={t('signUp.passwordPlaceholder')}
          autoComplete="new-password"
          error={errors.password}
          data-testid="signup-password"
        />
        <PasswordStrength password={values.password} userInputs={[values.email]} />
        <PasswordField
          id="signup-confirm"
          name="confirm-password"
          label={t('signUp.confirmPassword')}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          placeholder={t('signUp.confirmPlaceholder')}
          autoComplete="new-password"
          error={errors.confirmPassword}
          data-testid="signup-confirm"
        />
        <TextField
          id="signup-invite"
          name="inviteCode"
          label={t('signUp.inviteCode')}
          value={values.inviteCode}
          onChange={set('inviteCode')}
          placeholder={t('signUp.invitePlaceholder')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          error={errors.inviteCode}
          hint={
            inviter ? (
              <span data-testid="signup-inviter">{t('signUp.invitedBy', { email: inviter })}</span>
            ) : undefined
          }
          data-testid="signup-invite"
        />
        <AgreementField checked={agreed} onChange={setAgreed} error={errors.agree} />
        <Button
          type="submit"
          block
          color="primary"
          className="cp-auth__submit"
          loading={submitting}
          disabled={guarded || submitting}
          data-testid="signup-submit"
        >
          {t('signUp.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
