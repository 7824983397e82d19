/**
 * The messenger channels section, loaded when it is first shown: the personal pages do not carry
 * it, and it is not shown without `personal:channels`.
 */
import { lazy, Suspense } from 'react';
import { hasPermission } from '../../../lib/permissions';

const ChannelsSection = lazy(() =>
  import('./ChannelsSection').then((module) => ({ default: module.ChannelsSection })),
);

export function ChannelsSectionLazy() {
  if (!hasPermission('personal:channels')) return null;
  return (
    <Suspense fallback={null}>
      <ChannelsSection />
    </Suspense>
  );
}
