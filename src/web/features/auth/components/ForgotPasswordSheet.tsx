/** Forgotten password (spec §1): a code to the address, then a new password. Opened from sign-in. */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetPwdCode, forgetPwdSubmit } from '@contract/auth';
import { SendCodeButton } from '../../../components/ui/SendCodeButton';
import { Sheet } from '../../../components/ui/Sheet';
import { CodeField, EmailField, PasswordField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useValidate } from '../../../lib/useValidate';
import type { FieldErrors } from '../../../lib/validation';
import { useCodeSender } from '../useCodeSender';
import { PasswordStrength } from '../../../components/ui/PasswordStrength';

export interface ForgotPasswordSheetProps {
  visible: boolean;
  initialEmail: string;
  onClose: () => void;
  /** Called with the address after the password was changed. */
  onDone: (email: string) => void;
}

export function ForgotPasswordSheet({ visible, initialEmail, onClose, onDone }: ForgotPasswordSheetProps) {
  const { t } = useTranslation('auth');
  return (
    <Sheet visible={visible} title={t('forgot.title')} onClose={onClose} data-testid="forgot-sheet">
      {/* Mounted only while open, so each opening starts from a clean form. */}
      {visible ? <ForgotPasswordForm initialEmail={initialEmail} onDone={onDone} /> : null}
    </Sheet>
  );
}

type Field = 'email' | 'code' | 'password' | 'confirmPassword';

function ForgotPasswordForm({
  initialEmail,
  onDone,
}: Pick<ForgotPasswordSheetProps, 'initialEmail' | 'onDone'>) {
  const { t } = useTranslation('auth');
  const validate = useValidate();
  const [values, setValues] = useState<Record<Field, string>>({
    email: initialEmail,
    code: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const sendCode = useCodeSender(
    async () => forgetPwdCode,
    values.email,
    (email) => setErrors((e) => ({ ...e, email })),
  );

  const reset = async () => {
    const checked = validate(forgetPwdSubmit.request, values, {
      email: t('signIn.email'),
      code: t('signIn.code'),
      password: t('forgot.newPassword'),
      confirmPassword: t('forgot.confirmPassword'),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await call(forgetPwdSubmit, checked.data);
      toastSuccess(t('forgot.success'));
      onDone(checked.data.email);
    } catch {
      // The HTTP layer has shown the reason (wrong or expired code, ...); the form stays filled.
    } finally {
      setSubmitting(false);
    }
  };
  const { guarded, onSubmit } = useGuardedSubmit(() => void reset());

  return (
    <form onSubmit={onSubmit} noValidate data-testid="forgot-form">
      <p className="cp-step__hint">{t('forgot.hint')}</p>
      <EmailField
        id="forgot-email"
        name="email"
        label={t('signIn.email')}
        value={values.email}
        onChange={set('email')}
        placeholder={t('signIn.emailPlaceholder')}
        error={errors.email}
        data-testid="forgot-email"
      />
      <CodeField
        id="forgot-code"
        name="code"
        label={t('signIn.code')}
        value={values.code}
        onChange={set('code')}
        placeholder={t('signIn.codePlaceholder')}
        error={errors.code}
        suffix={<SendCodeButton onSend={sendCode} data-testid="forgot-send-code" />}
        data-testid="forgot-code"
      />
      <PasswordField
        id="forgot-password"
        name="new-password"
        label={t('forgot.newPassword')}
        value={values.password}
        onChange={set('password')}
        placeholder={t('signUp.passwordPlaceholder')}
        autoComplete="new-password"
        error={errors.password}
        data-testid="forgot-password"
      />
      <PasswordStrength password={values.password} />
      <PasswordField
        id="forgot-confirm"
        name="confirm-password"
        label={t('forgot.confirmPassword')}
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        placeholder={t('signUp.confirmPlaceholder')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        data-testid="forgot-confirm"
      />
      <Button
        type="submit"
        block
        color="primary"
        className="cp-auth__submit"
        loading={submitting}
        disabled={guarded || submitting}
        data-testid="forgot-submit"
      >
        {t('forgot.submit')}
      </Button>
    </form>
  );
}
