/**
 * /account (2007001) for the owner: the personal centre's index (issue 34 §4) — who is signed in,
 * then a short list of sections, each opening its own screen (AccountSection.tsx at
 * /account/<section>) or its own page (/identity, /googleAuth, /operate). Reached from the user
 * menu's "personal account" item.
 */
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/PageIntro';
import { ACCOUNT_NS } from './i18n';
import { ownerGroups } from './sections/groups';
import { SectionList } from './sections/SectionList';
import { useUserInfo } from './useUserInfo';
import '../../components/ui/personal.css';

export function AccountPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  const user = useUserInfo().data;
  const name = user?.nickname || user?.email || '';
  return (
    <div className="cp-page cp-personal" data-testid="account-page">
      <PageIntro title={t('centre.title')} lead={t('centre.lead')} />
      <section className="cp-personal__card cp-personal__profile" data-testid="profile">
        <span className="cp-personal__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <dl>
          <div>
            <dt>{t('centre.nickname')}</dt>
            <dd>{user?.nickname ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('centre.email')}</dt>
            <dd data-testid="profile-email">{user?.email ?? ''}</dd>
          </div>
        </dl>
      </section>
      <SectionList groups={ownerGroups(t)} label={t('sections.label')} />
    </div>
  );
}
