/**
 * Where the step-up sheet lives: once in the signed-in shell. The sheet's code (and the bottom-sheet
 * library under it) loads with the first request, not with every page.
 */
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { stepUpRequestAtom } from '../../lib/step-up';

const StepUpSheet = lazy(() => import('./StepUpSheet').then((m) => ({ default: m.StepUpSheet })));

export function StepUpHost() {
  const request = useAtomValue(stepUpRequestAtom);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by request, so each request starts with an empty form. */}
      <StepUpSheet key={request.id} request={request} />
    </Suspense>
  );
}
