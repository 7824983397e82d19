/**
 * What a member changes itself on /account (sub-account mode): its name, and its password. The
 * password change asks for the step-up first (the shared sheet, proved with the member's current
 * password), then sends the new one; the member's other devices are signed out by the server.
 */
import Button from '../../../components/ui/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subSelfPassword, subSelfProfile } from '@contract/sub-accounts';
import { TextField } from '../../../components/ui/TextField';
import { refreshAccess } from '../../../lib/access-refresh';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { useStepUp } from '../../../lib/step-up';
import { SUB_PROFILE_NS } from './sub-profile-i18n';
import { PasswordStrength } from '../../../components/ui/PasswordStrength';

async function attempt(work: () => Promise<void>, setBusy: (busy: boolean) => void) {
  setBusy(true);
  try {
    await work();
  } catch {
    // The HTTP layer has shown why.
  } finally {
    setBusy(false);
  }
}

export function SubNameChange({ current }: { current: string }) {
  const { t } = useTranslation(SUB_PROFILE_NS);
  const [nickname, setNickname] = useState(current);
  const [busy, setBusy] = useState(false);
  const trimmed = nickname.trim();

  const save = () =>
    attempt(async () => {
      await call(subSelfProfile, { nickname: trimmed });
      await refreshAccess();
      toastSuccess(t('name.saved'));
    }, setBusy);

  return (
    <section className="cp-panel" aria-labelledby="sub-profile-name" data-testid="sub-name-change">
      <h2 id="sub-profile-name" className="cp-sub-profile__title">
        {t('name.title')}
      </h2>
      <TextField
        label={t('nickname')}
        value={nickname}
        onChange={setNickname}
        maxLength={32}
        autoComplete="name"
        data-testid="sub-name"
      />
      <Button
        color="primary"
        onClick={() => void save()}
        loading={busy}
        disabled={trimmed === '' || trimmed === current}
        className="cp-sub-profile__action"
        data-testid="sub-name-save"
      >
        {t('name.save')}
      </Button>
    </section>
  );
}

export function SubPasswordChange() {
  const { t } = useTranslation(SUB_PROFILE_NS);
  const askStepUp = useStepUp();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const save = () =>
    attempt(async () => {
      const ticket = await askStepUp('password_change');
      if (!ticket) return;
      await call(subSelfPassword, { password, confirmPassword: confirm, stepUpTicket: ticket });
      toastSuccess(t('passwordChange.changed'));
      setPassword('');
      setConfirm('');
    }, setBusy);

  return (
    <section className="cp-panel" aria-labelledby="sub-profile-password" data-testid="sub-password-change">
      <h2 id="sub-profile-password" className="cp-sub-profile__title">
        {t('password')}
      </h2>
      <p className="cp-sub-profile__text">{t('passwordText')}</p>
      <TextField
        label={t('passwordChange.new')}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        data-testid="sub-password-new"
      />
      <PasswordStrength password={password} />
      <TextField
        label={t('passwordChange.confirm')}
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
        data-testid="sub-password-confirm"
      />
      <Button
        color="primary"
        onClick={() => void save()}
        loading={busy}
        disabled={password === '' || password !== confirm}
        className="cp-sub-profile__action"
        data-testid="sub-password-save"
      >
        {t('passwordChange.change')}
      </Button>
    </section>
  );
}
