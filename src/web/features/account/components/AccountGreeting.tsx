/** "Signed in as <email>" with the avatar letter (spec §2: nickname's first character, else mobile's). */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userInfoAtom } from '../../../lib/session';
import { useUserInfo } from '../useUserInfo';

export function AccountGreeting() {
  const { t } = useTranslation('account');
  const { data } = useUserInfo();
  // Until the fresh copy arrives, show the one stored at sign-in.
  const stored = useAtomValue(userInfoAtom);
  const user = data ?? stored;
  const initial = (user?.nickname || user?.mobile || user?.email || '?').charAt(0).toUpperCase();

  return (
    <section className="cp-greeting" data-testid="greeting">
      <span className="cp-greeting__avatar" aria-hidden="true">
        {initial}
      </span>
      <div>
        <p className="cp-greeting__hello">
          {t('home.greeting')}
          {user?.nickname ? `, ${user.nickname}` : ''}
        </p>
        <p className="cp-greeting__who" data-testid="signed-in-as">
          {user ? t('home.signedInAs', { email: user.email }) : t('home.loading')}
        </p>
      </div>
    </section>
  );
}
