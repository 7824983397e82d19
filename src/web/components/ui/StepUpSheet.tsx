/**
 * The one step-up sheet (docs/decisions.md "Step-up re-authentication"): asks for the login
 * password, or the Google Authenticator code when it is bound, and hands the ticket of
 * POST /api/user/stepUp to whoever asked through `useStepUp()` (lib/step-up.ts). `StepUpHost`
 * (StepUpHost.tsx) sits once in the signed-in shell and shows the sheet while a request is pending.
 *
 * When the user has passkeys of its own, the sheet also offers one (issue 32 §4): the server's options
 * are fetched as the sheet opens, the browser's WebAuthn code only when the button is pressed.
 *
 * What the customer typed is sent once and dropped: the password is never kept after the call.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { stepUp } from '../../../contract/account';
import { passkeyStepUp, passkeyStepUpOptions } from '../../../contract/passkeys';
import { ApiError, call, catalogueMessage } from '../../lib/http';
import { passkeyCancelled, signWithPasskey } from '../../lib/passkey-ceremony';
import { translate } from '../../lib/i18n';
import { userInfoAtom } from '../../lib/session';
import type { StepUpRequest } from '../../lib/step-up';
import { useBusy } from '../../lib/useBusy';
import { Sheet } from './Sheet';
import { SheetButton } from './SheetButtons';
import { CodeField, PasswordField } from './TextField';
import { WIDGETS_NS } from './widgets-i18n';

type Factor = 'password' | 'google';

function errorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.msg.trim() || catalogueMessage(error.code, error.msg, error.path, translate);
}

export function StepUpSheet({ request }: { request: StepUpRequest }) {
  const { t } = useTranslation(WIDGETS_NS);
  const googleBound = useAtomValue(userInfoAtom)?.googleBound ?? false;
  const [factor, setFactor] = useState<Factor>(googleBound ? 'google' : 'password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { busy, run } = useBusy();
  const [passkeyOptions, setPasskeyOptions] = useState<Record<string, unknown> | null>(null);

  // Whether the user has a passkey to offer: the answer carries the challenge the button signs.
  useEffect(() => {
    let live = true;
    call(passkeyStepUpOptions, { purpose: request.purpose }, { silent: true })
      .then((answer) => {
        if (live) setPasskeyOptions(answer.options);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request.purpose]);

  const withPasskey = (options: Record<string, unknown>) =>
    run(
      async () => {
        let credential;
        try {
          credential = await signWithPasskey(options);
        } catch (failure) {
          if (!passkeyCancelled(failure)) throw failure;
          setError(t('stepUp.passkeyCancelled'));
          return;
        } finally {
          // A challenge answers once: the next try asks the server for a new one.
          setPasskeyOptions(null);
          void call(passkeyStepUpOptions, { purpose: request.purpose }, { silent: true })
            .then((answer) => setPasskeyOptions(answer.options))
            .catch(() => undefined);
        }
        const answer = await call(
          passkeyStepUp,
          { purpose: request.purpose, credential: credential as never },
          { silent: true },
        );
        request.settle(answer.ticket);
      },
      (failure) => setError(errorText(failure) ?? t('stepUp.passkeyFailed')),
    );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = factor === 'google' ? value.trim() : value;
    if (factor === 'google' && !/^\d{6}$/.test(typed)) return setError(t('common:validation.googleCode'));
    if (factor === 'password' && !typed) return setError(t('stepUp.passwordMissing'));
    await run(
      async () => {
        const proof = factor === 'google' ? { googleCode: typed } : { password: typed };
        const answer = await call(stepUp, { purpose: request.purpose, ...proof }, { silent: true });
        request.settle(answer.ticket);
      },
      (failure) => {
        setValue('');
        // The server knows best which factor the account has (Google bound or unbound elsewhere).
        const need = failure instanceof ApiError ? (failure.data as { need?: unknown } | null)?.need : null;
        if (need === 'google' || need === 'password') setFactor(need);
        setError(errorText(failure) ?? t('stepUp.failed'));
      },
    );
  };

  return (
    <Sheet
      visible
      title={t('stepUp.title')}
      onClose={() => request.settle(null)}
      data-testid="step-up-sheet"
      footer={
        <SheetButton busy={busy} onClick={() => void submit()} data-testid="step-up-submit">
          {t('stepUp.confirm')}
        </SheetButton>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className="cp-sheet-text">{t(`stepUp.why.${request.purpose}`)}</p>
        {passkeyOptions ? (
          <button
            type="button"
            className="cp-step-up__passkey cp-touch"
            disabled={busy}
            onClick={() => void withPasskey(passkeyOptions)}
            data-testid="step-up-passkey"
          >
            {t('stepUp.usePasskey')}
          </button>
        ) : null}
        {factor === 'google' ? (
          <CodeField
            name="googleCode"
            label={t('stepUp.googleCode')}
            value={value}
            onChange={(typed) => {
              setValue(typed.replace(/\D/g, ''));
              setError(undefined);
            }}
            error={error}
            autoFocus
            data-testid="step-up-google-code"
          />
        ) : (
          <PasswordField
            name="password"
            label={t('stepUp.password')}
            autoComplete="current-password"
            value={value}
            onChange={(typed) => {
              setValue(typed);
              setError(undefined);
            }}
            error={error}
            autoFocus
            data-testid="step-up-password"
          />
        )}
      </form>
    </Sheet>
  );
}
