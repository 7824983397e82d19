/**
 * The risk notice on /home (issue 5 "Risk rule", spec §9 "decline rate above 5% closes all
 * cards"): when the decline-rate rule has frozen the account's cards, say so in plain words with
 * the figures that triggered it, say what to do — look at the declines, contact customer service
 * (the shell's contact dialog) — and let the customer acknowledge it ("I understand", riskNoticeAck),
 * after which it is gone for good. It shows nothing while there is no unacknowledged freeze, and
 * stays silent when the notice cannot be loaded (like the header's loads): it must never block the
 * overview.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { riskNotice } from '@contract/cards';
import { call } from '../../../lib/http';
import { useOnline } from '../../../lib/offline';
import { preloadable } from '../../../lib/preloadable';
import type { RouteName } from '../../../lib/route-meta';
import { appStore, hasAccessToken, tokensAtom } from '../../../lib/session';
import { riskNoticeQueryKey } from './risk-notice-key';

export { riskNoticeQueryKey } from './risk-notice-key';

/** The notice's load, shared by the card and the route's loader (routes/home-load.ts). */
export const riskNoticeQuery = {
  queryKey: riskNoticeQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(riskNotice, {}, { signal, silent: true }),
};

/** Loaded only when there is a notice to show; the route's loader fetches it with the notice. */
export const RiskNoticeCard = preloadable(() => import('./RiskNoticeCard'));

export function RiskNotice({ builtRoutes }: { builtRoutes: ReadonlySet<RouteName> }) {
  const online = useOnline();
  // Re-render when the session ends; the query must not run again without a token (queryClient.ts).
  useAtomValue(tokensAtom, { store: appStore });
  const signedIn = hasAccessToken();
  const notice = useQuery({ ...riskNoticeQuery, enabled: online && signedIn });
  const event = notice.data;
  if (!event) return null;
  return (
    <Suspense fallback={null}>
      <RiskNoticeCard event={event} builtRoutes={builtRoutes} />
    </Suspense>
  );
}
