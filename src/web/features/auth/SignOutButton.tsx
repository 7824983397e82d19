/**
 * Sign-out (spec §4 "Logout"): the server revokes the session; on success a message shows for
 * 1 second, then storage is cleared, state reset and the user goes to '/'. If the server cannot be
 * reached the local session is dropped anyway — a user who asked to leave must not stay signed in.
 */
import Button from 'antd-mobile/es/components/button';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../contract/auth';
import { useClickGuard } from '../../components/ui/useClickGuard';
import { SESSION_END_CODES } from '../../lib/catalogue';
import { ApiError, call } from '../../lib/http';
import { toastSuccess } from '../../lib/notify';
import { endSession } from '../../lib/session';

export const LOGOUT_MESSAGE_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { guarded, guard } = useClickGuard();
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    setLeaving(true);
    try {
      await call(logout, {});
      toastSuccess(t('signOut.success'), LOGOUT_MESSAGE_MS);
      await wait(LOGOUT_MESSAGE_MS);
    } catch (error) {
      // 401/403/600/610 already ended the session and moved to sign-in: nothing more to do.
      if (error instanceof ApiError && SESSION_END_CODES.has(error.code)) return;
    }
    endSession();
    await navigate({ to: '/', replace: true });
  };

  return (
    <Button
      className={className}
      fill="outline"
      color="danger"
      loading={leaving}
      disabled={guarded || leaving}
      onClick={guard(() => void signOut())}
      data-testid="sign-out"
    >
      {t('signOut.button')}
    </Button>
  );
}
