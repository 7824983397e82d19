/**
 * /googleAuth (2007002): bind Google Authenticator with the QR code or the secret, check a code,
 * unbind, and change the password with a Google code. Unbinding and the password change go
 * through the step-up sheet (the one consistent re-authentication, docs/decisions.md).
 */
import Button from '../../components/ui/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bindGoogleCode,
  checkGoogleCode,
  getGoogleCode,
  unbindGoogleCode,
  updatePwdByGoogleCode,
} from '../../../contract/account';
import { CopyButton } from '../../components/ui/CopyButton';
import { PageIntro } from '../../components/ui/PageIntro';
import { TextField } from '../../components/ui/TextField';
import { call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { useStepUp } from '../../lib/step-up';
import { ACCOUNT_NS } from './i18n';
import { userInfoQueryKey, useUserInfo } from './useUserInfo';
import '../../components/ui/personal.css';
import { PasswordStrength } from '../../components/ui/PasswordStrength';

type Offer = { secret: string; qrDataUrl: string };

export function GoogleAuthPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const askStepUp = useStepUp();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [code, setCode] = useState('');
  const [checkCode, setCheckCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const bound = user.data?.googleBound === true;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey });

  const start = () => run(async () => setOffer(await call(getGoogleCode, {})));
  const bind = () =>
    run(async () => {
      await call(bindGoogleCode, { googleCode: code });
      toastSuccess(t('google.bound'));
      setOffer(null);
      setCode('');
      await refresh();
    });
  const check = () =>
    run(async () => {
      await call(checkGoogleCode, { googleCode: checkCode });
      toastSuccess(t('google.valid'));
      setCheckCode('');
    });
  const unbind = () =>
    run(async () => {
      const ticket = await askStepUp('google_unbind');
      if (!ticket) return;
      await call(unbindGoogleCode, { stepUpTicket: ticket });
      toastSuccess(t('google.unbound'));
      await refresh();
    });
  const changePassword = () =>
    run(async () => {
      const ticket = await askStepUp('password_change');
      if (!ticket) return;
      await call(updatePwdByGoogleCode, { password, confirmPassword: confirm, stepUpTicket: ticket });
      toastSuccess(t('password.changed'));
      setPassword('');
      setConfirm('');
    });

  return (
    <div className="cp-page cp-personal" data-testid="google-page" data-bound={bound ? 'yes' : 'no'}>
      <PageIntro title={t('google.title')} lead={t('google.lead')} />
      <section className="cp-personal__card">
        <h2>{bound ? t('google.statusBound') : t('google.statusUnbound')}</h2>
        <ul className="cp-personal__protects">
          {(['signIn', 'unbind', 'password', 'cards'] as const).map((key) => (
            <li key={key}>{t(`google.protects.${key}`)}</li>
          ))}
        </ul>
      </section>

      {!bound ? (
        <section className="cp-personal__card">
          {!offer ? (
            <Button color="primary" onClick={() => void start()} loading={busy} data-testid="google-start">
              {t('google.start')}
            </Button>
          ) : (
            <div className="cp-personal__bind">
              <ol>
                <li>{t('google.step1')}</li>
                <li>{t('google.step2')}</li>
                <li>{t('google.step3')}</li>
              </ol>
              <img
                src={offer.qrDataUrl}
                alt={t('google.qr')}
                width={180}
                height={180}
                data-testid="google-qr"
              />
              <p className="cp-personal__secret">
                <code data-testid="google-secret">{offer.secret}</code>{' '}
                <CopyButton
                  value={offer.secret}
                  text={t('google.copy')}
                  failed={t('google.copyFailed')}
                  data-testid="google-copy"
                />
              </p>
              <TextField
                label={t('google.code')}
                value={code}
                onChange={setCode}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                data-testid="google-code"
              />
              <Button
                color="primary"
                onClick={() => void bind()}
                loading={busy}
                disabled={code.length !== 6}
                data-testid="google-bind"
              >
                {t('google.bind')}
              </Button>
            </div>
          )}
        </section>
      ) : (
        <>
          <section className="cp-personal__card">
            <h2>{t('google.checkTitle')}</h2>
            <TextField
              label={t('google.code')}
              value={checkCode}
              onChange={setCheckCode}
              inputMode="numeric"
              maxLength={6}
              data-testid="google-check-code"
            />
            <Button
              onClick={() => void check()}
              loading={busy}
              disabled={checkCode.length !== 6}
              data-testid="google-check"
            >
              {t('google.check')}
            </Button>
          </section>
          <section className="cp-personal__card">
            <h2>{t('google.passwordTitle')}</h2>
            <TextField
              label={t('password.new')}
              type="password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              data-testid="google-new-password"
            />
            <PasswordStrength password={password} />
            <TextField
              label={t('password.confirm')}
              type="password"
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
              data-testid="google-confirm-password"
            />
            <Button
              onClick={() => void changePassword()}
              loading={busy}
              disabled={password === '' || password !== confirm}
              data-testid="google-change-password"
            >
              {t('password.change')}
            </Button>
          </section>
          <section className="cp-personal__card">
            <h2>{t('google.unbindTitle')}</h2>
            <p>{t('google.unbindHelp')}</p>
            <Button color="danger" onClick={() => void unbind()} loading={busy} data-testid="google-unbind">
              {t('google.unbind')}
            </Button>
          </section>
        </>
      )}
    </div>
  );
}
