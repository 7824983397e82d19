/** The live alerts, loaded with the signed-in shell's first page so the sign-in page carries none of it. */
import { lazy, Suspense } from 'react';

const LiveAlerts = lazy(() => import('./LiveAlerts').then((module) => ({ default: module.LiveAlerts })));

export function LiveAlertsLazy() {
  return (
    <Suspense fallback={null}>
      <LiveAlerts />
    </Suspense>
  );
}
