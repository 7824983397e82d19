/**
 * The invitee's side of an invitation (`/#/subInvite?token=…`, the link mailed by sub/add or
 * sub/resetPwd): the invitation is checked first (who invited whom, until when), then the member
 * chooses their own password; the token is spent and they go to sign-in with their address filled
 * in. An unknown, used or expired link says so and what to do.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteAccept, inviteCheck } from '@contract/sub-accounts';
import { SheetButton } from '../../../components/ui/SheetButtons';
import { PasswordField } from '../../../components/ui/TextField';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { productDateTime } from '../../../lib/product-time';
import { useBusy } from '../../../lib/useBusy';
import { useValidate } from '../../../lib/useValidate';
import type { FieldErrors } from '../../../lib/validation';
import { INVITE_NS } from './invite-i18n';
import './invite.css';
import { PasswordStrength } from '../../../components/ui/PasswordStrength';

type Field = 'password' | 'confirmPassword';

export function useInviteToken(): string {
  return useRouterState({
    select: (state) => {
      const token = (state.location.search as Record<string, unknown>).token;
      return typeof token === 'string' ? token : '';
    },
  });
}

export function SubInviteForm({ token }: { token: string }) {
  const { t } = useTranslation(INVITE_NS);
  const navigate = useNavigate();
  const validate = useValidate();
  const { busy, run } = useBusy();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const invitation = useQuery({
    queryKey: ['subInvite', token],
    queryFn: ({ signal }) => call(inviteCheck, { token }, { signal, silent: true }),
    enabled: token !== '',
    retry: false,
  });

  if (token === '' || invitation.isError) {
    return (
      <div className="cp-notice cp-notice--warn" role="alert" data-testid="invite-invalid">
        <p>
          <strong>{t('invalidTitle')}</strong>
        </p>
        <p>{t('invalid')}</p>
      </div>
    );
  }
  if (!invitation.data) return <p role="status">{t('checking')}</p>;
  const { email, nickname, ownerName, roleName, expiresAt } = invitation.data;

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    const input = { token, ...values };
    const checked = validate(inviteAccept.request, input, {
      password: t('password'),
      confirmPassword: t('confirmPassword'),
    });
    if (!checked.ok) return setErrors(checked.errors);
    return void run(async () => {
      const accepted = await call(inviteAccept, input);
      toastSuccess(t('done', { email: accepted.email }));
      await navigate({ to: '/', search: { email: accepted.email }, replace: true });
    });
  };

  return (
    <form
      className="cp-invite"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="invite-form"
    >
      <p className="cp-invite__lead">{t('subtitle', { owner: ownerName })}</p>
      <dl className="cp-invite__facts">
        <div>
          <dt>{t('email')}</dt>
          <dd data-testid="invite-email">{email}</dd>
        </div>
        <div>
          <dt>{t('nickname')}</dt>
          <dd>{nickname}</dd>
        </div>
        {roleName ? (
          <div>
            <dt>{t('role')}</dt>
            <dd data-testid="invite-role">{roleName}</dd>
          </div>
        ) : null}
      </dl>
      <p className="cp-invite__expires">{t('expires', { time: productDateTime(expiresAt) })}</p>
      {/* The address as a hidden username, so password managers file the new password under it. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        id="invite-password"
        name="new-password"
        label={t('password')}
        value={values.password}
        onChange={set('password')}
        placeholder={t('passwordPlaceholder')}
        autoComplete="new-password"
        error={errors.password}
        data-testid="invite-password"
      />
      <PasswordStrength password={values.password} />
      <PasswordField
        id="invite-confirm"
        name="confirm-password"
        label={t('confirmPassword')}
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword}
        data-testid="invite-confirm"
      />
      <SheetButton type="submit" busy={busy} data-testid="invite-submit">
        {t('submit')}
      </SheetButton>
    </form>
  );
}
