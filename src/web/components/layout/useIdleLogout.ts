/**
 * Signs the user out after 2 hours without activity (spec §4, lib/activity.ts): the error message
 * "Login has timed out, please login again", the session forgotten, back to sign-in — which brings
 * the user back to the same page after signing in again.
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { startActivityMonitor } from '../../lib/activity';
import { translate } from '../../lib/i18n';
import { endIdleSession } from '../../lib/logout';
import { toastError } from '../../lib/notify';

export function useIdleLogout(): void {
  const router = useRouter();
  useEffect(
    () =>
      startActivityMonitor({
        onIdle: () => {
          toastError(translate('common:catalogue.idleTimeout'));
          const here = router.state.location.href;
          // Storage is cleared synchronously inside; the offline data follows in the background.
          void endIdleSession();
          void router.navigate({ to: '/', search: { redirect: here }, replace: true });
        },
      }),
    [router],
  );
}
