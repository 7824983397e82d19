/**
 * The risk notice's card (RiskNotice.tsx loads it only when there is a notice to show): the figures
 * that triggered the freeze, what to do, and "I understand" (riskNoticeAck). Its texts, the card
 * domain's namespace, and the service dialog come with it, so the home page of an account without a
 * freeze (nearly all of them) carries none of this.
 */
import Button from '../../../components/ui/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_DECLINE_RATE_BP } from '@contract/card-rules';
import { riskNoticeAck, type riskNotice } from '@contract/cards';
import type { ResponseOf } from '@contract/core';
import { ServiceDialog } from '../../../components/layout/ServiceDialog';
import { SESSION_END_CODES } from '../../../lib/catalogue';
import { ApiError, call, catalogueMessage } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { toastError } from '../../../lib/notify';
import { ensureOnline } from '../../../lib/offline';
import { percentOfBp } from '../../../lib/percent';
import { allowedIds } from '../../../lib/permissions';
import { routeMeta, type RouteName } from '../../../lib/route-meta';
import { formatMoment } from '../time';
import { CARDS_NS } from './risk-i18n';
import { riskNoticeQueryKey } from './risk-notice-key';
import './risk-notice.css';

export type RiskEvent = NonNullable<ResponseOf<typeof riskNotice>>;

export default function RiskNoticeCard({
  event,
  builtRoutes,
}: {
  event: RiskEvent;
  builtRoutes: ReadonlySet<RouteName>;
}) {
  const { t, i18n } = useTranslation(CARDS_NS);
  const titleId = useId();
  const client = useQueryClient();
  const [serviceOpen, setServiceOpen] = useState(false);
  const [acknowledging, setAcknowledging] = useState(false);

  const locale = i18n.language;
  const rate = percentOfBp(event.declineRateBp);
  const records = routeMeta('cardRecord');
  const showDeclines = builtRoutes.has('cardRecord') && allowedIds().has(records.permission);

  const acknowledge = async () => {
    if (!ensureOnline()) return;
    setAcknowledging(true);
    try {
      await call(riskNoticeAck, { id: event.id }, { silent: true });
      client.setQueryData(riskNoticeQueryKey, null);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.code === 404) {
        // No such open notice any more (acknowledged on another device): there is nothing to
        // acknowledge, and "Error requesting address" would be wrong. Ask whether another is open.
        client.setQueryData(riskNoticeQueryKey, null);
        void client.invalidateQueries({ queryKey: riskNoticeQueryKey });
        return;
      }
      // The notice stays for another try, with the catalogue's word on why (a session that ended
      // has already been sent to sign-in with its own message).
      const text = catalogueMessage(error.code, error.msg, error.path, (key) => translate(key));
      if (text && !SESSION_END_CODES.has(error.code)) toastError(text);
    } finally {
      setAcknowledging(false);
    }
  };

  const guardOffline = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!ensureOnline()) e.preventDefault();
  };

  const figures = [
    { key: 'rate', label: t('riskNotice.rate'), value: rate },
    { key: 'declines', label: t('riskNotice.declines'), value: String(event.declines) },
    { key: 'authorizations', label: t('riskNotice.authorizations'), value: String(event.authorizations) },
    { key: 'cardsFrozen', label: t('riskNotice.cardsFrozen'), value: String(event.cardsFrozen) },
  ];

  return (
    <section className="cp-risk" aria-labelledby={titleId} data-testid="risk-notice" data-event-id={event.id}>
      <div className="cp-risk__head">
        <span className="cp-risk__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24">
            <path
              d="M12 3 2.5 20h19L12 3Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <path d="M12 10v4.5M12 17.5h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <h2 id={titleId} className="cp-risk__title">
          {t('riskNotice.title')}
        </h2>
      </div>

      <p className="cp-risk__body" data-testid="risk-notice-body">
        {t('riskNotice.body', {
          hours: event.windowHours,
          declines: event.declines,
          authorizations: event.authorizations,
          rate,
          limit: percentOfBp(RISK_DECLINE_RATE_BP),
          count: event.cardsFrozen,
          time: formatMoment(Date.parse(event.createdAt), locale),
        })}
      </p>

      <dl className="cp-risk__figures">
        {figures.map((figure) => (
          <div key={figure.key} className="cp-risk__figure">
            <dt>{figure.label}</dt>
            <dd data-testid={`risk-${figure.key}`}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="cp-risk__window">{t('riskNotice.window', { hours: event.windowHours })}</p>

      <h3 className="cp-risk__subtitle">{t('riskNotice.whatToDo')}</h3>
      <ol className="cp-risk__steps">
        <li>{t('riskNotice.stepCheck')}</li>
        <li>{t('riskNotice.stepContact')}</li>
      </ol>

      <div className="cp-risk__actions">
        {showDeclines ? (
          <a
            className="cp-risk__link"
            href={`#${records.path}?tab=refuse`}
            onClick={guardOffline}
            data-testid="risk-view-declines"
          >
            {t('riskNotice.viewDeclines')}
          </a>
        ) : null}
        <Button fill="outline" onClick={() => setServiceOpen(true)} data-testid="risk-contact">
          {t('riskNotice.contact')}
        </Button>
        <Button
          color="primary"
          loading={acknowledging}
          disabled={acknowledging}
          onClick={() => void acknowledge()}
          data-testid="risk-ack"
        >
          {t('riskNotice.ack')}
        </Button>
      </div>

      <ServiceDialog visible={serviceOpen} onClose={() => setServiceOpen(false)} />
    </section>
  );
}
