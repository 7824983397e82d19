/**
 * Sign-in (route `/`): password or e-mail code, then — when the server asks — the Google
 * Authenticator step. On success the session is stored and the user goes back to where the guard
 * found them, or home.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tokens } from '../../../contract/auth';
import { PageLoading } from '../../components/ui/PageLoading';
import { SegmentedTabs } from '../../components/ui/SegmentedTabs';
import { toastSuccess } from '../../lib/notify';
import { safeRedirect } from '../../lib/redirect';
import { rememberUsername } from '../../lib/session';
import { getItem } from '../../lib/storage';
import { completeSignIn, type GoogleTicket } from './api';
import { preloadSignInContract } from './contract';
import { AuthLayout } from './components/AuthLayout';
import { CodeSignIn } from './components/CodeSignIn';
import { PasskeySignIn } from './components/PasskeySignIn';
import { PasswordSignIn } from './components/PasswordSignIn';

// Needed only after a 428 or a tap on "forgot password": kept out of the first download.
const GoogleStep = lazy(() => import('./components/GoogleStep').then((m) => ({ default: m.GoogleStep })));
const ForgotPasswordSheet = lazy(() =>
  import('./components/ForgotPasswordSheet').then((m) => ({ default: m.ForgotPasswordSheet })),
);

type Method = 'password' | 'code';

function rememberedEmail(): string {
  return getItem('autoLogin') ? (getItem('username') ?? '') : '';
}

export function SignInPage() {
  const { t } = useTranslation('auth');
  const search = useSearch({ from: '/' });
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('password');
  const [email, setEmail] = useState(() => search.email ?? rememberedEmail());
  const [remember, setRemember] = useState(() => getItem('autoLogin') ?? false);
  const [google, setGoogle] = useState<GoogleTicket | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Once opened the sheet stays mounted, so closing it can animate.
  const [forgotUsed, setForgotUsed] = useState(false);

  const finish = async (tokens: Tokens) => {
    const user = await completeSignIn(tokens);
    rememberUsername(user.email, remember);
    toastSuccess(t('signIn.success'));
    await navigate({ href: safeRedirect(search.redirect), replace: true });
  };

  if (google) {
    return (
      <AuthLayout>
        <Suspense fallback={<PageLoading />}>
          <GoogleStep
            ticket={google.ticket}
            expiresIn={google.expiresIn}
            onTokens={finish}
            onBack={() => setGoogle(null)}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('signIn.title')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link to="/signup" className="cp-link" data-testid="to-signup">
            {t('signIn.toSignUp')}
          </Link>
        </>
      }
    >
      {/* The first touch or focus fetches the contract code the forms need to submit. */}
      <div onFocusCapture={preloadSignInContract} onPointerDownCapture={preloadSignInContract}>
        <SegmentedTabs
          idPrefix="signin"
          label={t('signIn.title')}
          items={[
            { key: 'password', title: t('signIn.tabPassword') },
            { key: 'code', title: t('signIn.tabCode') },
          ]}
          active={method}
          onChange={setMethod}
        />
        <div role="tabpanel" id={`signin-panel-${method}`} aria-labelledby={`signin-tab-${method}`}>
          {method === 'password' ? (
            <PasswordSignIn
              email={email}
              onEmailChange={setEmail}
              remember={remember}
              onRememberChange={setRemember}
              onForgot={() => {
                setForgotUsed(true);
                setForgotOpen(true);
              }}
              onTokens={finish}
              onGoogle={setGoogle}
            />
          ) : (
            <CodeSignIn email={email} onEmailChange={setEmail} onTokens={finish} onGoogle={setGoogle} />
          )}
        </div>
        <PasskeySignIn onTokens={finish} />
      </div>
      {forgotUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordSheet
            visible={forgotOpen}
            initialEmail={email}
            onClose={() => setForgotOpen(false)}
            onDone={(address) => {
              setEmail(address);
              setForgotOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
