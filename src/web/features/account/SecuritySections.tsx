/**
 * The sensitive changes of /account: e-mail (codes to both addresses), password (a code to the
 * address) and closure (a code; refused while money or cards remain, the server says what to do
 * first). Each asks for the step-up first, in the one shared sheet.
 */
import Button from '../../components/ui/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelCode,
  cancelSubmit,
  editByCode,
  editCode,
  resetPwdCode,
  resetPwdSubmit,
} from '../../../contract/account';
import { SendCodeButton } from '../../components/ui/SendCodeButton';
import { TextField } from '../../components/ui/TextField';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { endSession } from '../../lib/session';
import { useStepUp } from '../../lib/step-up';
import { ACCOUNT_NS } from './i18n';
import { userInfoQueryKey } from './useUserInfo';
import { PasswordStrength } from '../../components/ui/PasswordStrength';

async function attempt(work: () => Promise<void>, setBusy: (b: boolean) => void) {
  setBusy(true);
  try {
    await work();
  } catch {
    // The HTTP layer has shown why.
  } finally {
    setBusy(false);
  }
}

export function EmailChange() {
  const { t } = useTranslation(ACCOUNT_NS);
  const askStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (): Promise<boolean> => {
    const ticket = await askStepUp('email_change');
    if (!ticket) return false;
    await call(editCode, { email, stepUpTicket: ticket });
    return true;
  };
  const save = () =>
    attempt(async () => {
      await call(editByCode, { email, code, oldCode });
      toastSuccess(t('email.changed'));
      setEmail('');
      setCode('');
      setOldCode('');
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    }, setBusy);

  return (
    <section className="cp-personal__card" data-testid="email-change">
      <h2>{t('email.title')}</h2>
      <TextField
        label={t('email.new')}
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="email"
        data-testid="email-new"
        suffix={<SendCodeButton onSend={send} disabled={!email.includes('@')} data-testid="email-send" />}
      />
      <TextField
        label={t('email.oldCode')}
        value={oldCode}
        onChange={setOldCode}
        inputMode="numeric"
        maxLength={6}
        data-testid="email-old-code"
      />
      <TextField
        label={t('email.newCode')}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        maxLength={6}
        data-testid="email-new-code"
      />
      <Button
        color="primary"
        onClick={() => void save()}
        loading={busy}
        disabled={code.length !== 6 || oldCode.length !== 6}
        data-testid="email-save"
      >
        {t('email.save')}
      </Button>
    </section>
  );
}

export function PasswordChange() {
  const { t } = useTranslation(ACCOUNT_NS);
  const askStepUp = useStepUp();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const save = () =>
    attempt(async () => {
      const ticket = await askStepUp('password_change');
      if (!ticket) return;
      await call(resetPwdSubmit, { code, password, confirmPassword: confirm, stepUpTicket: ticket });
      toastSuccess(t('password.changed'));
      setCode('');
      setPassword('');
      setConfirm('');
    }, setBusy);

  return (
    <section className="cp-personal__card" data-testid="password-change">
      <h2>{t('password.title')}</h2>
      <TextField
        label={t('password.code')}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        maxLength={6}
        data-testid="password-code"
        suffix={
          <SendCodeButton
            onSend={async () => (await call(resetPwdCode, {}), true)}
            data-testid="password-send"
          />
        }
      />
      <TextField
        label={t('password.new')}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        data-testid="password-new"
      />
      <PasswordStrength password={password} />
      <TextField
        label={t('password.confirm')}
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        data-testid="password-confirm"
      />
      <Button
        color="primary"
        onClick={() => void save()}
        loading={busy}
        disabled={code.length !== 6 || password === '' || password !== confirm}
        data-testid="password-save"
      >
        {t('password.change')}
      </Button>
    </section>
  );
}

export function CloseAccount() {
  const { t } = useTranslation(ACCOUNT_NS);
  const askStepUp = useStepUp();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () =>
    attempt(async () => {
      const ticket = await askStepUp('account_close');
      if (!ticket) return;
      await call(cancelSubmit, { code, stepUpTicket: ticket });
      toastSuccess(t('close.done'));
      endSession();
      window.location.hash = '#/';
    }, setBusy);

  return (
    <section className="cp-personal__card" data-testid="account-close">
      <h2>{t('close.title')}</h2>
      <p>{t('close.help')}</p>
      <TextField
        label={t('close.code')}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        maxLength={6}
        data-testid="close-code"
        suffix={
          <SendCodeButton onSend={async () => (await call(cancelCode, {}), true)} data-testid="close-send" />
        }
      />
      <Button
        color="danger"
        onClick={() => void close()}
        loading={busy}
        disabled={code.length !== 6}
        data-testid="close-submit"
      >
        {t('close.submit')}
      </Button>
    </section>
  );
}
