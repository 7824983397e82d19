/**
 * Codes wherever the customer is (issue 32 §1): the shell shows this under its header on every
 * signed-in page. A 3-D Secure code of any card the user may see appears as soon as the stream says
 * so — card label and last four, merchant, amount, the code (one tap copies it) and its countdown;
 * when several are live the newest shows with a link to all of them. A decline shows a short notice
 * the same way: merchant, amount, the reason in the reader's words, a link to the card's records.
 * Each can be hidden; a code leaves by itself when it expires. It is loaded with the shell
 * (LiveAlertsLazy), never on the sign-in page.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_ALERTS_NS } from '../../../components/ui/live-alerts-i18n';
import { Money } from '../../../components/ui/Money';
import '../../../components/ui/live-alerts.css';
import { copyWithNotice } from '../../../lib/clipboard';
import { hasPermission } from '../../../lib/permissions';
import { maskedLast4 } from '../list/card-format';
import { minutesSeconds, spacedCode, useCodesClock } from './otp-clock';
import { useLiveAlerts, type LiveCodeAlert } from './useLiveAlerts';
import type { TradeRow } from '@contract/records';

/** How long a decline notice stays unless hidden sooner: long enough to read, then out of the way. */
export const DECLINE_NOTICE_MS = 20_000;

function CloseButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <button
      type="button"
      className="cp-live__close"
      aria-label={label}
      onClick={onClick}
      data-testid={testId}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

function CodeAlert({
  code,
  more,
  now,
  onDismiss,
}: {
  code: LiveCodeAlert;
  more: number;
  now: number;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(LIVE_ALERTS_NS);
  const left = Math.max(0, Math.ceil((code.expiresAt - now) / 1000));
  const card = code.cardLabel
    ? t('code.card', { label: code.cardLabel, last4: maskedLast4(code.last4) })
    : maskedLast4(code.last4);
  return (
    <div className="cp-live__item cp-live__item--code" data-testid="live-code" data-card={code.cardId}>
      <div className="cp-live__head">
        <span className="cp-live__title">{t('code.title')}</span>
        <span className="cp-live__card" data-testid="live-code-card">
          {card}
        </span>
        <CloseButton label={t('code.dismiss')} onClick={onDismiss} testId="live-code-dismiss" />
      </div>
      <div className="cp-live__body">
        <button
          type="button"
          className="cp-live__code"
          onClick={() => void copyWithNotice(code.code, t('code.copyFailed'))}
          data-testid="live-code-value"
        >
          <span className="cp-mono">{spacedCode(code.code)}</span>
          <span className="cp-live__copy">{t('code.tapToCopy')}</span>
        </button>
        <div className="cp-live__meta">
          <span className="cp-live__merchant" data-testid="live-code-merchant">
            {code.merchantName}
          </span>
          <Money minor={code.amount} currency={code.currency} className="cp-live__amount" />
          <span className="cp-live__left" role="timer" aria-live="off" data-testid="live-code-left">
            {t('code.left', { time: minutesSeconds(left) })}
          </span>
        </div>
      </div>
      {more > 0 ? (
        <a className="cp-live__link" href="#/cardList?otp=1" data-testid="live-code-more">
          {t('code.more', { count: more })}
        </a>
      ) : null}
    </div>
  );
}

function DeclineAlert({ row, onDismiss: dismissById }: { row: TradeRow; onDismiss: (id: string) => void }) {
  const { t } = useTranslation(LIVE_ALERTS_NS);
  const id = row.id;
  useEffect(() => {
    const timer = setTimeout(() => dismissById(id), DECLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [dismissById, id]);
  const onDismiss = () => dismissById(id);
  return (
    <div className="cp-live__item cp-live__item--decline" data-testid="live-decline">
      <div className="cp-live__head">
        <span className="cp-live__title">{t('decline.title')}</span>
        <span className="cp-live__card">{maskedLast4(row.last4)}</span>
        <CloseButton label={t('decline.dismiss')} onClick={onDismiss} testId="live-decline-dismiss" />
      </div>
      <div className="cp-live__decline">
        <span className="cp-live__merchant" data-testid="live-decline-merchant">
          {row.merchantName}
        </span>
        <Money minor={row.amount} currency={row.currency} className="cp-live__amount" />
      </div>
      {row.declineText ? (
        <p className="cp-live__reason" data-testid="live-decline-reason">
          {t('decline.reason', { reason: row.declineText })}
        </p>
      ) : null}
      <a
        className="cp-live__link"
        href={`#/cardRecord?tab=refuse&last4=${row.last4}`}
        onClick={onDismiss}
        data-testid="live-decline-record"
      >
        {t('decline.record')}
      </a>
    </div>
  );
}

export function LiveAlerts() {
  const { t } = useTranslation(LIVE_ALERTS_NS);
  const { codes, declines, dismissCode, dismissDecline } = useLiveAlerts({
    codes: hasPermission('card:otp'),
    declines: hasPermission('card:record'),
  });
  const now = useCodesClock(codes);
  const live = codes.filter((code) => code.expiresAt > now);
  const [newest] = live;
  const decline = declines[0];
  return (
    // A polite live region: a screen reader hears a new code or decline without losing its place.
    <section className="cp-live" aria-label={t('region')} aria-live="polite" data-testid="live-alerts">
      {newest ? (
        <CodeAlert code={newest} more={live.length - 1} now={now} onDismiss={() => dismissCode(newest.id)} />
      ) : null}
      {decline ? <DeclineAlert key={decline.id} row={decline} onDismiss={dismissDecline} /> : null}
    </section>
  );
}
