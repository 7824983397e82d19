/**
 * Card details on request (issue 5 §3): the full number, expiry and CVV, revealed by `detail`
 * (which logs every reveal) and hidden again after `hideAfterSeconds` (30) with a visible
 * countdown, or at once when the customer hides them, closes the sheet or leaves the app.
 *
 * When Google Authenticator is bound the server answers 428 first; the sheet then asks for a
 * fresh 6-digit code and asks again with it.
 *
 * The secrets live only in this component's state: never in the query cache, browser storage or
 * a log. Hiding drops them from the state, so they leave the DOM and nothing keeps a reference.
 */
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVEAL_SECONDS } from '../../../../../contract/card-rules';
import { cardDetail, type CardView } from '../../../../../contract/cards';
import type { ResponseOf } from '../../../../../contract/core';
import { Sheet } from '../../../../components/ui/Sheet';
import { CodeField } from '../../../../components/ui/TextField';
import { useCountdown } from '../../../../components/ui/useCountdown';
import { ApiError, call } from '../../../../lib/http';
import { expiryText, groupedPan } from '../card-format';
import { CardSummary } from '../components/CardActionsSheet';
import { CopyButton } from '../components/CopyButton';
import { CARD_LIST_NS } from '../i18n';
import { refusalText } from './DeleteSheet';

type Details = ResponseOf<typeof cardDetail>;

type Step = { kind: 'ask' } | { kind: 'google' } | { kind: 'shown'; details: Details };

export function DetailsSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const hide = () => setStep({ kind: 'ask' });

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

  const reveal = async () => {
    setBusy(true);
    try {
      setStep({ kind: 'shown', details: await call(cardDetail, { cardId: card.id }) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 428) setStep({ kind: 'google' });
    } finally {
      setBusy(false);
    }
  };

  const revealWithCode = async () => {
    const googleCode = code.trim();
    if (!/^\d{6}$/.test(googleCode)) return setCodeError(t('common:validation.googleCode'));
    setBusy(true);
    try {
      const details = await call(cardDetail, { cardId: card.id, googleCode }, { silent: true });
      setCode('');
      setStep({ kind: 'shown', details });
    } catch (error) {
      setCode('');
      setCodeError(
        (error instanceof ApiError && error.code === 428 ? error.msg.trim() : null) ||
          refusalText(error, t('details.codeRefused')) ||
          t('details.codeRefused'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      visible
      title={t('details.title', { last4: card.last4 })}
      onClose={onClose}
      data-testid="details-sheet"
      footer={
        step.kind === 'ask' ? (
          <Button
            block
            color="primary"
            loading={busy}
            disabled={busy}
            onClick={() => void reveal()}
            data-testid="details-reveal"
          >
            {t('details.reveal')}
          </Button>
        ) : step.kind === 'google' ? (
          <Button
            block
            color="primary"
            loading={busy}
            disabled={busy}
            onClick={() => void revealWithCode()}
            data-testid="details-google-submit"
          >
            {t('details.verify')}
          </Button>
        ) : (
          <Button block fill="outline" onClick={hide} data-testid="details-hide">
            {t('details.hide')}
          </Button>
        )
      }
    >
      <CardSummary card={card} />
      {step.kind === 'ask' ? (
        <p className="cp-cl-text cp-cl-muted" data-testid="details-intro">
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
          <p className="cp-cl-text">{t('details.googleIntro')}</p>
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

  return (
    <div className="cp-cl-secret" data-testid="details-shown">
      <div className="cp-cl-secret__timer" role="timer" aria-live="off" data-testid="details-countdown">
        <span>{t('details.hidesIn', { seconds: left })}</span>
        <span className="cp-cl-secret__bar" aria-hidden="true">
          <span style={{ width: `${(left / seconds) * 100}%` }} />
        </span>
      </div>
      <dl className="cp-cl-secret__list">
        <div className="cp-cl-secret__row">
          <dt>{t('details.number')}</dt>
          <dd>
            <span className="cp-cl-secret__value cp-cl-mono" data-testid="details-pan">
              {groupedPan(details.pan)}
            </span>
            <CopyButton
              value={() => details.pan}
              label={t('details.copyNumber')}
              data-testid="details-copy-pan"
            />
          </dd>
        </div>
        <div className="cp-cl-secret__row">
          <dt>{t('details.expiry')}</dt>
          <dd>
            <span className="cp-cl-secret__value cp-cl-mono" data-testid="details-expiry">
              {expiry}
            </span>
            <CopyButton
              value={() => expiry}
              label={t('details.copyExpiry')}
              data-testid="details-copy-expiry"
            />
          </dd>
        </div>
        <div className="cp-cl-secret__row">
          <dt>{t('details.cvv')}</dt>
          <dd>
            <span className="cp-cl-secret__value cp-cl-mono" data-testid="details-cvv">
              {details.cvv}
            </span>
            <CopyButton
              value={() => details.cvv}
              label={t('details.copyCvv')}
              data-testid="details-copy-cvv"
            />
          </dd>
        </div>
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
