/**
 * The public status pages of spec §2: /404 (always bare) and /noPermission (inside the shell when
 * signed in). "Back to home" goes to the user's own home, /subHome for a sub-account user.
 */
import Button from '../components/ui/Button';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { homePath } from '../lib/permissions';
import './pages.css';

function StatusPage({ code, ns }: { code: string; ns: 'notFound' | 'noPermission' }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return (
    <main className="cp-status" data-testid={`status-${ns}`}>
      <p className="cp-status__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="cp-status__title">{t(`${ns}.title`)}</h1>
      <p className="cp-status__body">{t(`${ns}.body`)}</p>
      <Button color="primary" onClick={() => void navigate({ href: homePath() })} data-testid="status-home">
        {t(`${ns}.back`)}
      </Button>
    </main>
  );
}

export function NotFoundPage() {
  return <StatusPage code="404" ns="notFound" />;
}

export function NoPermissionPage() {
  return <StatusPage code="403" ns="noPermission" />;
}
