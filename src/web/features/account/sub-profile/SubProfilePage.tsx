/**
 * /account in sub-account mode (spec §2 "personal with account"): the member's personal centre as
 * an index (issue 34 §4) — who is signed in, then its sections, each its own screen at
 * /account/<section> (SubProfileSection.tsx): its details and rights (and its name), its password
 * (a forgotten one is reset by the owner, which the password screen says), passkeys, channels.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../components/ui/PageIntro';
import { appStore, userInfoAtom } from '../../../lib/session';
import { ACCOUNT_NS } from '../i18n';
import { memberGroups } from '../sections/groups';
import { SectionList } from '../sections/SectionList';
import { SUB_PROFILE_NS } from './sub-profile-i18n';
import '../../../components/ui/personal.css';
import './sub-profile.css';

export function SubProfilePage() {
  const { t } = useTranslation(SUB_PROFILE_NS);
  const { t: ta } = useTranslation(ACCOUNT_NS);
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const name = user?.nickname || user?.email || '';
  return (
    <div className="cp-page cp-sub-profile" data-testid="sub-profile-page">
      <PageIntro title={t('title')} lead={t('intro')} />
      <section className="cp-personal__card cp-personal__profile" data-testid="profile">
        <span className="cp-personal__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <dl>
          <div>
            <dt>{t('nickname')}</dt>
            <dd>{user?.nickname || t('none')}</dd>
          </div>
          <div>
            <dt>{t('number')}</dt>
            <dd>{user?.sub?.subUid ?? user?.userId ?? t('none')}</dd>
          </div>
        </dl>
      </section>
      <SectionList groups={memberGroups(ta)} label={ta('sections.label')} />
    </div>
  );
}
