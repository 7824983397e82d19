/**
 * What the member sheets share with the host that shows them: the actions and each sheet's props.
 * Apart from MemberActionHost.tsx, which imports every sheet, so no sheet imports its host.
 */
import type { SubAccountView } from '@contract/sub-accounts';

export type MemberAction =
  'changeRole' | 'limits' | 'renew' | 'expiryPolicy' | 'resetPwd' | 'freeze' | 'unfreeze';

/** What every member sheet gets. */
export interface MemberSheetProps {
  member: SubAccountView;
  onClose: () => void;
  onDone: () => void;
}
