/** "Sign in with a passkey" under the sign-in forms; its code loads when it is pressed. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tokens } from '@contract/auth';
import Button from '../../../components/ui/Button';

export function PasskeySignIn({ onTokens }: { onTokens: (tokens: Tokens) => Promise<void> }) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { signInWithPasskey } = await import('../passkey-sign-in');
      const tokens = await signInWithPasskey(setMessage);
      if (tokens) await onTokens(tokens);
      else setMessage(t('signIn.passkeyCancelled'));
    } catch {
      setMessage((current) => current ?? t('signIn.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cp-auth__passkey">
      <Button block fill="outline" loading={busy} onClick={() => void start()} data-testid="signin-passkey">
        {t('signIn.withPasskey')}
      </Button>
      {message ? (
        <p className="cp-auth__passkey-note" role="alert" data-testid="signin-passkey-message">
          {message}
        </p>
      ) : null}
    </div>
  );
}
