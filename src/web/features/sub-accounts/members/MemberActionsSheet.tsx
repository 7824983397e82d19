/**
 * Everything the owner can do with one member, in one sheet (a bottom sheet on a phone, a dialog
 * on a wide screen): role, limits, validity, expiry policy, password, freeze — and links to the
 * member's cards and records. An invited member who has not chosen a password yet has no cards,
 * so the links wait until they have.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SubAccountView } from '@contract/sub-accounts';
import { ChevronIcon } from '../../../components/ui/icons';
import { Sheet } from '../../../components/ui/Sheet';
import { TEAM_NS } from '../i18n';
import type { MemberAction } from './member-sheet';
import { MemberStatus, MemberWho } from './MemberCells';
import { memberName } from './member-status';

export interface MemberActionsSheetProps {
  member: SubAccountView | null;
  onClose: () => void;
  onAction: (member: SubAccountView, action: MemberAction) => void;
}

function actionsOf(member: SubAccountView): MemberAction[] {
  return [
    'changeRole',
    'limits',
    'renew',
    'expiryPolicy',
    'resetPwd',
    member.status === 'frozen' ? 'unfreeze' : 'freeze',
  ];
}

export function MemberActionsSheet({ member, onClose, onAction }: MemberActionsSheetProps) {
  const { t } = useTranslation(TEAM_NS);
  return (
    <Sheet
      visible={member !== null}
      title={member ? t('actions.title', { name: memberName(member) }) : ''}
      onClose={onClose}
      data-testid="member-actions"
    >
      {member ? (
        <>
          <div className="cp-team-summary">
            <MemberWho member={member} />
            <MemberStatus member={member} />
          </div>
          <ul className="cp-team-actions">
            {actionsOf(member).map((action) => (
              <li key={action}>
                <button
                  type="button"
                  className={`cp-team-actions__item ${action === 'freeze' ? 'cp-team-actions__item--danger' : ''}`}
                  onClick={() => onAction(member, action)}
                  data-testid={`member-action-${action}`}
                >
                  <span>{t(`actions.${action}`)}</span>
                  <ChevronIcon direction="right" />
                </button>
              </li>
            ))}
            {member.status !== 'invited' ? (
              <>
                <li>
                  <Link
                    to="/subCardList"
                    search={{ subAccountId: member.id }}
                    className="cp-team-actions__item"
                    onClick={onClose}
                  >
                    <span>{t('actions.cards')}</span>
                    <ChevronIcon direction="right" />
                  </Link>
                </li>
                <li>
                  <Link
                    to="/subCardRecord"
                    search={{ subAccountId: member.id }}
                    className="cp-team-actions__item"
                    onClick={onClose}
                  >
                    <span>{t('actions.records')}</span>
                    <ChevronIcon direction="right" />
                  </Link>
                </li>
              </>
            ) : null}
          </ul>
        </>
      ) : null}
    </Sheet>
  );
}
