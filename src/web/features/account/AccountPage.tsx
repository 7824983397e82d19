/**
 * /account (2007001): the personal centre — profile, verification level, security changes, the
 * rate plan, the coupons, and this device's notifications (Web Push). Reached from the user menu's "personal account" item.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../components/ui/PageIntro';
import { ChannelsSectionLazy } from '../../components/ui/channels/ChannelsSectionLazy';
import { PushOptInLazy } from '../../components/ui/push/PushOptInLazy';
import { ACCOUNT_NS } from './i18n';
import { CouponList, PlanTable } from './PlanAndCoupons';
import { ProfileEdit } from './ProfileEdit';
import { PasskeysSection } from './PasskeysSection';
import { CloseAccount, EmailChange, PasswordChange } from './SecuritySections';
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
            <dt>{t('centre.mobile')}</dt>
            <dd>{user?.mobile ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('centre.email')}</dt>
            <dd data-testid="profile-email">{user?.email ?? ''}</dd>
          </div>
        </dl>
      </section>
      <nav className="cp-personal__row" aria-label={t('centre.more')}>
        <Link to="/identity" className="cp-touch" data-testid="link-identity">
          {t('centre.identity')}
        </Link>
        <Link to="/googleAuth" className="cp-touch" data-testid="link-google">
          {t('centre.google')}
        </Link>
        <Link to="/operate" className="cp-touch" data-testid="link-operate">
          {t('centre.logs')}
        </Link>
      </nav>
      <PushOptInLazy />
      <ChannelsSectionLazy />
      <div className="cp-personal__grid">
        <ProfileEdit user={user} />
        <PlanTable />
        <CouponList />
        <EmailChange />
        <PasswordChange />
        <PasskeysSection />
      </div>
      <CloseAccount />
    </div>
  );
}
