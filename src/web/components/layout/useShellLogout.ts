/** The shell's logout (menu item, user dropdown): lib/logout.ts, then back to '/' (spec §4). */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../lib/logout';
import { SHELL_NS } from './i18n';

export function useShellLogout() {
  const { t } = useTranslation(SHELL_NS);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A ref as well: a second tap in the same frame still sees busy === false.
  const running = useRef(false);

  const logout = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    // 'forced': the session was already over and http.ts has moved to sign-in itself.
    if ((await signOut(t('logout.success'))) === 'forced') return;
    await navigate({ to: '/', replace: true });
  }, [navigate, t]);

  return { logout, busy };
}
