/** The push opt-in, loaded when it is first shown: the screens that offer it do not carry it. */
import { lazy, Suspense } from 'react';
import type { PushOptInProps } from './PushOptIn';

const PushOptIn = lazy(() => import('./PushOptIn').then((module) => ({ default: module.PushOptIn })));

export function PushOptInLazy(props: PushOptInProps) {
  return (
    <Suspense fallback={null}>
      <PushOptIn {...props} />
    </Suspense>
  );
}
