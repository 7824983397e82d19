/**
 * "Send code" button for e-mailed codes: after a successful send it counts down (60 s unless the
 * server says otherwise) before another code may be asked for.
 */
import Button from './Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClickGuard } from './useClickGuard';
import { useCountdown } from './useCountdown';

export const RESEND_SECONDS = 60;

export interface SendCodeButtonProps {
  /**
   * Sends the code. Resolve `true` when sent (wait RESEND_SECONDS), a number of seconds to wait
   * (server's `resendIn` / `retryAfter`), or `false` when nothing was sent.
   */
  onSend: () => Promise<boolean | number>;
  disabled?: boolean;
  'data-testid'?: string;
}

export function SendCodeButton({ onSend, disabled, ...rest }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const { left, running, start } = useCountdown();
  const { guarded, guard } = useClickGuard();
  const [sending, setSending] = useState(false);

  const send = guard(() => {
    setSending(true);
    onSend()
      .then((result) => {
        const wait = result === true ? RESEND_SECONDS : result === false ? 0 : result;
        if (wait > 0) start(wait);
      })
      .catch(() => undefined) // The HTTP layer has already told the user what went wrong.
      .finally(() => setSending(false));
  });

  return (
    <Button
      type="button"
      size="small"
      fill="none"
      color="primary"
      className="cp-send-code"
      loading={sending}
      disabled={disabled || running || guarded}
      onClick={send}
      aria-live="polite"
      data-testid={rest['data-testid'] ?? 'send-code'}
    >
      {running ? t('sendCode.resend', { seconds: left }) : t('sendCode.send')}
    </Button>
  );
}
