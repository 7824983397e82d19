/**
 * Card details on request (issue 5 §3): the full number, expiry and CVV, revealed by `detail`
 * (which logs every reveal) and hidden again after `hideAfterSeconds` (30) with a visible
 * countdown, or at once when the customer hides them, closes the sheet or leaves the app.
 *
 * When Google Authenticator is bound the server answers 428 `{ need: 'google' }` first; the sheet
 * then asks for a fresh 6-digit code and asks again with it. Without it, the server answers 428
 * `{ stepUp: 'card_reveal' }`: the step-up sheet (useStepUp) asks for the password and the reveal
 * is asked again with the ticket; cancelling it leaves the details hidden.
 *
 * After a reveal that spent a proof the server trusts the session's reveals for 5 minutes (the
 * reveal window, issue 32 §4); the sheet states the time left from the answer's `trustedUntil`. The
 * server decides: a 428 after all (another tab signed out, the clock) asks again as usual.
 *
 * The secrets live only in this component's state: never in the query cache, browser storage or
 * a log. Hiding drops them from the state, so they leave the DOM and nothing keeps a reference.
 */
import Button from '@web/components/ui/Button';
import { atom, useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardDetail, type CardView } from '@contract/cards';
import { REVEAL_SECONDS } from '@contract/card-rules';
import type { ResponseOf } from '@contract/core';
import { CopyButton } from '@web/components/ui/CopyButton';
import { Sheet } from '@web/components/ui/Sheet';
import { SheetButton } from '@web/components/ui/SheetButtons';
import { CodeField } from '@web/components/ui/TextField';
import { useCountdown } from '@web/components/ui/useCountdown';
import { ApiError, call } from '@web/lib/http';
import { stepUpAskedBy, useStepUp } from '@web/lib/step-up';
import { useBusy } from '@web/lib/useBusy';
import { expiryText, groupedPan } from '../card-format';
import { CardSummary } from '../components/CardActionsSheet';
import { CARD_LIST_NS } from '../i18n';
import { refusalText } from './RemoveCardsSheet';

type Details = ResponseOf<typeof cardDetail>;

type Step = { kind: 'ask' } | { kind: 'google' } | { kind: 'shown'; details: Details };

/** When the session's reveal window ends (epoch ms), as the last reveal said; not a secret. */
const revealWindowAtom = atom<number>(0);

function RevealWindow({ until, onEnd }: { until: number; onEnd: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) onEnd();
  }, [left, onEnd]);
  if (left === 0) return null;
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <p className="cp-sheet-text cp-muted" role="status" data-testid="details-window">
      {t('details.window', { time })}
    </p>
  );
}

export function DetailsSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const { busy, run } = useBusy();
  const askStepUp = useStepUp();
  const [windowEnd, setWindowEnd] = useAtom(revealWindowAtom);
  const hide = () => setStep({ kind: 'ask' });
  const show = (details: Details) => {
    setWindowEnd(Date.parse(details.trustedUntil));
    setStep({ kind: 'shown', details });
  };

  // Leaving the app (another tab, the home screen) hides the details at once.
  const shown = step.kind === 'shown';
  useEffect(() => {
    if (!shown) return;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') setStep({ kind: 'ask' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [shown]);

  // A 428 asks for the Google Authenticator code, or for a step-up, first.
  const reveal = () =>
    run(
      async () => {
        try {
          show(await call(cardDetail, { cardId: card.id }));
        } catch (error) {
          if (stepUpAskedBy(error) !== 'card_reveal') throw error;
          setWindowEnd(0);
          const stepUpTicket = await askStepUp('card_reveal');
          if (!stepUpTicket) return;
          show(await call(cardDetail, { cardId: card.id, stepUpTicket }));
        }
      },
      (error) => {
        if (error instanceof ApiError && error.code === 428 && stepUpAskedBy(error) === null) {
          setWindowEnd(0);
          setStep({ kind: 'google' });
        }
      },
    );

  const revealWithCode = async () => {
    const googleCode = code.trim();
    if (!/^\d{6}$/.test(googleCode)) return setCodeError(t('common:validation.googleCode'));
    setCode('');
    await run(
      async () => show(await call(cardDetail, { cardId: card.id, googleCode }, { silent: true })),
      (error) =>
        setCodeError(
          (error instanceof ApiError && error.code === 428 ? error.msg.trim() : null) ||
            refusalText(error, t('details.codeRefused')) ||
            t('details.codeRefused'),
        ),
    );
  };

  return (
    <Sheet
      visible
      title={t('details.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="details-sheet"
      footer={
        step.kind === 'ask' ? (
          <SheetButton busy={busy} onClick={() => void reveal()} data-testid="details-reveal">
            {t('details.reveal')}
          </SheetButton>
        ) : step.kind === 'google' ? (
          <SheetButton busy={busy} onClick={() => void revealWithCode()} data-testid="details-google-submit">
            {t('details.verify')}
          </SheetButton>
        ) : (
          <Button block fill="outline" onClick={hide} data-testid="details-hide">
            {t('details.hide')}
          </Button>
        )
      }
    >
      <CardSummary card={card} />
      {step.kind === 'ask' ? (
        <p className="cp-sheet-text cp-muted" data-testid="details-intro">
          {t('details.intro', { seconds: REVEAL_SECONDS })}
        </p>
      ) : null}
      {step.kind === 'google' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void revealWithCode();
          }}
          noValidate
        >
          <p className="cp-sheet-text">{t('details.googleIntro')}</p>
          <CodeField
            name="googleCode"
            label={t('details.googleCode')}
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''));
              setCodeError(undefined);
            }}
            error={codeError}
            autoFocus
            data-testid="details-google-code"
          />
        </form>
      ) : null}
      {step.kind !== 'google' && windowEnd > 0 ? (
        <RevealWindow until={windowEnd} onEnd={() => setWindowEnd(0)} />
      ) : null}
      {step.kind === 'shown' ? <Revealed details={step.details} onHide={hide} /> : null}
    </Sheet>
  );
}

/** The revealed values with copy buttons and the countdown that hides them. */
function Revealed({ details, onHide }: { details: Details; onHide: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const seconds = details.hideAfterSeconds > 0 ? details.hideAfterSeconds : REVEAL_SECONDS;
  const { left } = useCountdown(onHide, seconds);
  const expiry = expiryText(details.expiryMonth, details.expiryYear);
  const holder = `${details.holderFirstName} ${details.holderLastName}`.trim();
  const address = [
    details.street,
    details.city,
    `${details.state} ${details.postcode}`.trim(),
    details.country,
  ]
    .filter(Boolean)
    .join(', ');

  // Each is read only when copied (CopyButton), so the copy keeps it nowhere else.
  const secrets = [
    {
      key: 'pan',
      label: t('details.number'),
      copyLabel: t('details.copyNumber'),
      shown: groupedPan(details.pan),
      copied: () => details.pan,
    },
    {
      key: 'expiry',
      label: t('details.expiry'),
      copyLabel: t('details.copyExpiry'),
      shown: expiry,
      copied: () => expiry,
    },
    {
      key: 'cvv',
      label: t('details.cvv'),
      copyLabel: t('details.copyCvv'),
      shown: details.cvv,
      copied: () => details.cvv,
    },
  ];

  return (
    <div className="cp-cl-secret" data-testid="details-shown">
      <div className="cp-cl-secret__timer" role="timer" aria-live="off" data-testid="details-countdown">
        <span>{t('details.hidesIn', { seconds: left })}</span>
        <span className="cp-cl-secret__bar" aria-hidden="true">
          <span style={{ width: `${(left / seconds) * 100}%` }} />
        </span>
      </div>
      <dl className="cp-cl-secret__list">
        {secrets.map(({ key, label, copyLabel, shown: text, copied }) => (
          <div key={key} className="cp-cl-secret__row">
            <dt>{label}</dt>
            <dd>
              <span className="cp-cl-secret__value cp-mono" data-testid={`details-${key}`}>
                {text}
              </span>
              <CopyButton
                value={copied}
                text={t('copy')}
                label={copyLabel}
                failed={t('copyFailed')}
                data-testid={`details-copy-${key}`}
              />
            </dd>
          </div>
        ))}
        <div className="cp-cl-secret__row cp-cl-secret__row--plain">
          <dt>{t('details.holder')}</dt>
          <dd>{holder}</dd>
        </div>
        <div className="cp-cl-secret__row cp-cl-secret__row--plain">
          <dt>{t('details.address')}</dt>
          <dd>{address}</dd>
        </div>
      </dl>
    </div>
  );
}
