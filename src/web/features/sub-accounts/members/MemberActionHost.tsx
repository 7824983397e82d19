/** Shows the sheet of the member action being taken; each refreshes the team lists when done. */
import type { SubAccountView } from '@contract/sub-accounts';
import { useTeamRefresh } from '../api';
import { ConfirmMemberSheet } from './ConfirmMemberSheet';
import { ExpirySheet } from './ExpirySheet';
import { LimitsSheet } from './LimitsSheet';
import { RenewSheet } from './RenewSheet';
import type { MemberAction } from './member-sheet';
import { RoleSheet } from './RoleSheet';

export interface MemberActionHostProps {
  active: { member: SubAccountView; action: MemberAction } | null;
  onClose: () => void;
}

export function MemberActionHost({ active, onClose }: MemberActionHostProps) {
  const refresh = useTeamRefresh();
  if (!active) return null;
  const { member, action } = active;
  const done = () => {
    refresh();
    onClose();
  };
  const props = { member, onClose, onDone: done };
  switch (action) {
    case 'changeRole':
      return <RoleSheet {...props} />;
    case 'limits':
      return <LimitsSheet {...props} />;
    case 'renew':
      return <RenewSheet {...props} />;
    case 'expiryPolicy':
      return <ExpirySheet {...props} />;
    case 'resetPwd':
    case 'freeze':
    case 'unfreeze':
      return <ConfirmMemberSheet {...props} action={action} />;
  }
}
