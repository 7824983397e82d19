/**
 * `/account` (spec §2, permission 2007001): one route, two pages. A team member sees its own profile
 * (features/account/sub-profile); the main account holder sees the personal centre's account page
 * (profile, plan, coupons, e-mail and password changes, closure). Each is its own chunk, so neither
 * kind of user loads the other's page.
 */
import { lazy, Suspense } from 'react';
import { isSubAccountSession } from '../lib/permissions';

const SubProfilePage = lazy(() =>
  import('../features/account/sub-profile/SubProfilePage').then((m) => ({ default: m.SubProfilePage })),
);
const AccountPage = lazy(() =>
  import('../features/account/AccountPage').then((m) => ({ default: m.AccountPage })),
);

export function AccountRoute() {
  return <Suspense fallback={null}>{isSubAccountSession() ? <SubProfilePage /> : <AccountPage />}</Suspense>;
}
