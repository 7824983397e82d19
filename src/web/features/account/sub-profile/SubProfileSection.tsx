/**
 * /account/<section> in sub-account mode: one section of the member's personal centre as its own
 * screen (issue 34 §4). A name that is not a member's section goes back to the index.
 */
import { Navigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ChannelsSectionLazy } from '../../../components/ui/channels/ChannelsSectionLazy';
import { appStore, userInfoAtom } from '../../../lib/session';
import { ACCOUNT_NS } from '../i18n';
import { PasskeysSection } from '../PasskeysSection';
import { memberGroups } from '../sections/groups';
import { MEMBER_SECTIONS, type MemberSection } from '../sections/section-list';
import { SectionScreen } from '../sections/SectionScreen';
import { SubDetails } from './SubDetails';
import { SubNameChange, SubPasswordChange } from './SubSelfService';

/** A section's forms without the screen around them (exported for the component tests). */
export function SubSectionContent({ name }: { name: MemberSection }) {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const sub = user?.sub;
  switch (name) {
    case 'details':
      return (
        <>
          <SubDetails />
          {sub ? <SubNameChange key={user?.nickname ?? ''} current={user?.nickname ?? ''} /> : null}
        </>
      );
    case 'password':
      return sub ? <SubPasswordChange /> : null;
    case 'passkeys':
      return sub ? <PasskeysSection /> : null;
    case 'notifications':
      return <ChannelsSectionLazy />;
  }
}

export function SubProfileSection({ name }: { name: string }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const section = MEMBER_SECTIONS.find((s) => s === name);
  if (!section) return <Navigate to="/account" replace />;
  return (
    <SectionScreen name={section} title={t(`sections.titles.${section}`)} groups={memberGroups(t)}>
      <SubSectionContent name={section} />
    </SectionScreen>
  );
}
