/** The signed-in frame: the operator and role, the desks the role holds, language, sign-out. */
import { Link, Outlet, useNavigate, useRouteContext } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OperatorMe } from '@contract/operator';
import { operatorSignOut } from '@contract/operator';
import { call, session } from './api';
import { consoleLang, setConsoleLang } from './i18n';
import { allowedDesks, forgetOperator, to } from './desks';

export function Layout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me } = useRouteContext({ strict: false }) as { me: OperatorMe };
  const signOut = async () => {
    try {
      await call(operatorSignOut, {});
    } finally {
      session.clear();
      forgetOperator();
      void navigate({ to: to('/') });
    }
  };
  return (
    <div className="console">
      <header className="console-header">
        <strong>{t('title')}</strong>
        <span className="console-who" data-testid="console-who">
          {me.email} · {t(`roles.${me.role}`)}
        </span>
        <span className="console-tools">
          <Button
            size="small"
            fill="none"
            onClick={() => void setConsoleLang(consoleLang() === 'en' ? 'cn' : 'en')}
          >
            {consoleLang() === 'en' ? '中文' : 'English'}
          </Button>
          <Button size="small" onClick={() => void signOut()}>
            {t('signOut')}
          </Button>
        </span>
      </header>
      <nav className="console-nav" aria-label={t('nav.label')}>
        {allowedDesks(me).map((desk) => (
          <Link
            key={desk.path}
            to={to(desk.path)}
            activeProps={{ 'aria-current': 'page', className: 'active' }}
          >
            {t(desk.titleKey)}
          </Link>
        ))}
      </nav>
      <main className="console-main">
        <Outlet />
      </main>
    </div>
  );
}
