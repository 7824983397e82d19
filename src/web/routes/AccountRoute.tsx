/**
 * `/account` (spec §2, permission 2007001) and its sections `/account/<section>` (issue 34 §4,
 * the same permission): the index of the personal centre and one screen per section. A team member
 * sees its own (features/account/sub-profile); the main account holder the owner's. Each kind is
 * its own chunk, so neither kind of user loads the other's pages.
 */
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isSubAccountSession } from '../lib/permissions';

const SubProfilePage = lazy(() =>
  import('../features/account/sub-profile/SubProfilePage').then((m) => ({ default: m.SubProfilePage })),
);
const AccountPage = lazy(() =>
  import('../features/account/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const SubProfileSection = lazy(() =>
  import('../features/account/sub-profile/SubProfileSection').then((m) => ({ default: m.SubProfileSection })),
);
const AccountSection = lazy(() =>
  import('../features/account/AccountSection').then((m) => ({ default: m.AccountSection })),
);

export function AccountRoute() {
  return <Suspense fallback={null}>{isSubAccountSession() ? <SubProfilePage /> : <AccountPage />}</Suspense>;
}

export function AccountSectionRoute() {
  // lazyPage types its path as a plain string, so the router cannot type this param: read it here.
  const { section } = useParams({ strict: false }) as { section?: string };
  return (
    <Suspense fallback={null}>
      {isSubAccountSession() ? (
        <SubProfileSection name={section ?? ''} />
      ) : (
        <AccountSection name={section ?? ''} />
      )}
    </Suspense>
  );
}
