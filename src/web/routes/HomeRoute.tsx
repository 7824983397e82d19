/**
 * `/home` for now: a minimal signed-in landing (who is signed in, the wallet, sign-out). The full
 * shell with menus and the overview replaces the layout in the next issue.
 */
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../components/ui/LanguageToggle';
import { AccountGreeting } from '../features/account/components/AccountGreeting';
import { SignOutButton } from '../features/auth/SignOutButton';
import { WalletCard } from '../features/wallet/components/WalletCard';
import './pages.css';

export function HomeRoute() {
  const { t } = useTranslation(['account', 'auth']);
  return (
    <div className="cp-page">
      <header className="cp-topbar">
        <span className="cp-topbar__brand">{t('auth:brand.name')}</span>
        <LanguageToggle className="cp-topbar__lang" />
      </header>
      <main className="cp-page__main">
        <h1 className="cp-page__title">{t('account:home.title')}</h1>
        <AccountGreeting />
        <WalletCard />
        <SignOutButton className="cp-page__signout" />
      </main>
    </div>
  );
}
