/** Sign-in with a code mailed to the address (no password). */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tokens } from '@contract/auth';
import { SendCodeButton } from '../../../components/ui/SendCodeButton';
import { CodeField, EmailField } from '../../../components/ui/TextField';
import { useGuardedSubmit } from '../../../components/ui/useClickGuard';
import { call } from '../../../lib/http';
import { useValidate } from '../../../lib/useValidate';
import type { FieldErrors } from '../../../lib/validation';
import { stepOf, type GoogleTicket } from '../api';
import { loadAuthContract } from '../contract';
import { useCodeSender } from '../useCodeSender';

export interface CodeSignInProps {
  email: string;
  onEmailChange: (email: string) => void;
  onTokens: (tokens: Tokens) => Promise<void>;
  onGoogle: (step: GoogleTicket) => void;
}

export function CodeSignIn({ email, onEmailChange, onTokens, onGoogle }: CodeSignInProps) {
  const { t } = useTranslation('auth');
  const validate = useValidate();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'username' | 'code'>>({});
  const [submitting, setSubmitting] = useState(false);
  const sendCode = useCodeSender(
    async () => (await loadAuthContract()).loginCode,
    email,
    (username) => setErrors((e) => ({ ...e, username })),
  );

  const signIn = async () => {
    setSubmitting(true);
    try {
      const { loginByCode } = await loadAuthContract();
      const checked = validate(
        loginByCode.request,
        { username: email, code },
        { username: t('signIn.email'), code: t('signIn.code') },
      );
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      await onTokens(await call(loginByCode, checked.data));
    } catch (error) {
      const step = await stepOf(error).catch(() => null);
      if (step?.need === 'google') onGoogle(step);
    } finally {
      setSubmitting(false);
    }
  };
  const { guarded, onSubmit } = useGuardedSubmit(() => void signIn());

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('signIn.tabCode')} data-testid="code-sign-in">
      <EmailField
        id="code-email"
        name="username"
        label={t('signIn.email')}
        value={email}
        onChange={onEmailChange}
        placeholder={t('signIn.emailPlaceholder')}
        error={errors.username}
        data-testid="code-email"
      />
      <CodeField
        id="code-code"
        name="code"
        label={t('signIn.code')}
        value={code}
        onChange={setCode}
        placeholder={t('signIn.codePlaceholder')}
        error={errors.code}
        suffix={<SendCodeButton onSend={sendCode} data-testid="code-send" />}
        data-testid="code-code"
      />
      <Button
        type="submit"
        block
        color="primary"
        className="cp-auth__submit"
        loading={submitting}
        disabled={guarded || submitting}
        data-testid="code-submit"
      >
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
