/**
 * `/subInvite?token=…` (public, no shell): the page an invited team member opens from the e-mail
 * to choose their password (features/sub-accounts/invite) in the frame of the sign-in pages.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { INVITE_NS } from '../features/sub-accounts/invite/invite-i18n';
import { SubInviteForm, useInviteToken } from '../features/sub-accounts/invite/SubInviteForm';
import { queryClient } from '../lib/queryClient';
import '../components/ui/page.css';
import './pages.css';

export function SubInviteRoute() {
  const { t } = useTranslation(INVITE_NS);
  const token = useInviteToken();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthLayout title={t('title')}>
        <div data-testid="sub-invite-page">
          <SubInviteForm token={token} />
        </div>
      </AuthLayout>
    </QueryClientProvider>
  );
}
