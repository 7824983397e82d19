/**
 * `/account` (spec §2, permission 2007001). In sub-account mode: the member's own profile
 * (features/account/sub-profile). The main account's personal pages are another issue's; until
 * they are merged here, the owner sees the same summary of their details.
 */
import { SubProfilePage } from '../features/account/sub-profile/SubProfilePage';

export function AccountRoute() {
  return <SubProfilePage />;
}
