/**
 * While the account is unverified, a banner on home says what verification unlocks and leads to
 * the verification page. Quiet on failure: the banner is a hint, not the page's content.
 */
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { identityGetStatus } from '@contract/identity';
import { useAtomValue } from 'jotai';
import { call } from '../../../lib/http';
import { useOnline } from '../../../lib/offline';
import { appStore, hasAccessToken, tokensAtom } from '../../../lib/session';
import { HOME_NS } from '../i18n';

/** The status's load, shared by the banner and the route's loader (routes/home-load.ts). */
export const identityStatusQuery = {
  queryKey: ['identity', 'status'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(identityGetStatus, {}, { signal, silent: true }),
  staleTime: 60_000,
};

export function IdentityBanner() {
  const { t } = useTranslation(HOME_NS);
  const online = useOnline();
  // Re-rendered when the tokens change, so signing out stops the query (as the home figures do).
  useAtomValue(tokensAtom, { store: appStore });
  const status = useQuery({ ...identityStatusQuery, enabled: online && hasAccessToken() });
  if (status.data?.level !== 'unverified') return null;
  const pending = status.data.order && ['submitted', 'in_review'].includes(status.data.order.status);
  return (
    <aside className="cp-home__identity" data-testid="identity-banner">
      <span>{t(pending ? 'identity.pending' : 'identity.text')}</span>
      <Link to="/identity" className="cp-touch" data-testid="identity-banner-link">
        {t('identity.action')}
      </Link>
    </aside>
  );
}
