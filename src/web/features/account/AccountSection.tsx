/**
 * /account/<section> for the owner: one section of the personal centre as its own screen (issue
 * 34 §4). A name that is not an owner's section goes back to the index.
 */
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChannelsSectionLazy } from '../../components/ui/channels/ChannelsSectionLazy';
import { PushOptInLazy } from '../../components/ui/push/PushOptInLazy';
import { ACCOUNT_NS } from './i18n';
import { PasskeysSection } from './PasskeysSection';
import { CouponList, PlanTable } from './PlanAndCoupons';
import { ProfileEdit } from './ProfileEdit';
import { ownerGroups } from './sections/groups';
import { OWNER_SECTIONS, type OwnerSection } from './sections/section-list';
import { SectionScreen } from './sections/SectionScreen';
import { CloseAccount, EmailChange, PasswordChange } from './SecuritySections';
import { useUserInfo } from './useUserInfo';

function Content({ name }: { name: OwnerSection }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const user = useUserInfo().data;
  switch (name) {
    case 'profile':
      return <ProfileEdit user={user} />;
    case 'security':
      return (
        <>
          <p className="cp-personal__now">
            {t('centre.email')}: <strong data-testid="profile-email">{user?.email ?? ''}</strong>
          </p>
          <EmailChange />
          <PasswordChange />
        </>
      );
    case 'passkeys':
      return <PasskeysSection />;
    case 'notifications':
      return (
        <>
          <PushOptInLazy />
          <ChannelsSectionLazy />
        </>
      );
    case 'plan':
      return <PlanTable />;
    case 'coupons':
      return <CouponList />;
    case 'close':
      return <CloseAccount />;
  }
}

export function AccountSection({ name }: { name: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const section = OWNER_SECTIONS.find((s) => s === name);
  if (!section) return <Navigate to="/account" replace />;
  return (
    <SectionScreen name={section} title={t(`sections.titles.${section}`)} groups={ownerGroups(t)}>
      <Content name={section} />
    </SectionScreen>
  );
}
