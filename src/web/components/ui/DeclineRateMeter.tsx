/**
 * The decline-rate meter (issue 18 §2; spec §9 "decline rate above 5% closes all cards"): the
 * rate the rule watches (cards.declineRate, counted by the server over the rule's own window)
 * against its limit, how many payments that is, and the cards with the most declines, each linking
 * to its declines in the card records. Shown on /home, which loads it with the page (its query
 * starts with the route's loader, decline-rate-query.ts), and on the card list, which loads it
 * lazily. A member sees its own cards' figures. Silent (renders
 * nothing) while loading or when the call fails: it must never block the page it sits on.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import en from '@locales/en/declineMeter.json';
import zh from '@locales/zh-CN/declineMeter.json';
import type { DeclineRate } from '../../../contract/cards';
import { i18n } from '../../lib/i18n';
import { useOnline } from '../../lib/offline';
import { percentOfBp } from '../../lib/percent';
import { appStore, hasAccessToken, tokensAtom } from '../../lib/session';
import { usePermission } from './Can';
import { declineRateQuery } from './decline-rate-query';
import './decline-meter.css';

const NS = 'declineMeter';
i18n.addResourceBundle('zh-CN', NS, zh, true, true);
i18n.addResourceBundle('en', NS, en, true, true);

/** The bar's full width: twice the limit, so the limit mark sits in the middle. */
const SCALE = 2;
/** From this share of the limit on, the meter says the rate is close to it. */
const NEAR_SHARE = 0.6;

export type MeterState = 'ok' | 'near' | 'watch' | 'over';

/**
 * Where a rate stands against the rule, which acts only strictly above the limit and only from
 * its minimum number of payments: above the limit with fewer payments is `watch`, not `over`.
 */
export function meterState(
  rate: Pick<DeclineRate, 'rateBp' | 'limitBp' | 'authorizations' | 'minAuthorizations'>,
): MeterState {
  if (rate.rateBp > rate.limitBp) return rate.authorizations >= rate.minAuthorizations ? 'over' : 'watch';
  return rate.rateBp >= rate.limitBp * NEAR_SHARE ? 'near' : 'ok';
}

export interface DeclineRateMeterProps {
  /**
   * One line (a chip that opens the full meter) while the rate is well under the limit (issue 34
   * §2: the home page's prime space is not for four lines of rules at zero payments).
   */
  compact?: boolean;
}

export default function DeclineRateMeter({ compact = false }: DeclineRateMeterProps) {
  const online = useOnline();
  // Re-render when the session ends: the query must not run again without a token.
  useAtomValue(tokensAtom, { store: appStore });
  const query = useQuery({ ...declineRateQuery, enabled: online && hasAccessToken() });
  const [opened, setOpened] = useState(false);
  if (!query.data) return null;
  if (compact && !opened && meterState(query.data) === 'ok')
    return <MeterChip rate={query.data} onOpen={() => setOpened(true)} />;
  return <MeterView rate={query.data} />;
}

/** The meter in one line: the rate and where it stands; a tap shows the whole meter. */
export function MeterChip({ rate, onOpen }: { rate: DeclineRate; onOpen: () => void }) {
  const { t } = useTranslation(NS);
  const title = t(rate.scope === 'own' ? 'titleOwn' : 'title', { hours: rate.windowHours });
  return (
    <button
      type="button"
      className="cp-meter-chip"
      onClick={onOpen}
      aria-expanded={false}
      data-testid="decline-chip"
    >
      <span className="cp-meter-chip__dot" aria-hidden="true" />
      <span className="cp-meter-chip__title">{title}</span>
      <strong className="cp-meter-chip__rate">{percentOfBp(rate.rateBp)}</strong>
      <span className="cp-meter-chip__state">{t('state.ok')}</span>
    </button>
  );
}

export function MeterView({ rate }: { rate: DeclineRate }) {
  const { t } = useTranslation(NS);
  const state = meterState(rate);
  const filled = Math.min(1, rate.rateBp / (rate.limitBp * SCALE));
  const canSeeRecords = usePermission('card:record');
  const early = rate.authorizations < rate.minAuthorizations;
  const title = t(rate.scope === 'own' ? 'titleOwn' : 'title', { hours: rate.windowHours });
  return (
    <section
      className={`cp-panel cp-meter cp-meter--${state}`}
      aria-label={title}
      data-testid="decline-meter"
    >
      <div className="cp-meter__head">
        <h2 className="cp-meter__title">{title}</h2>
        <span className="cp-meter__rate" data-testid="decline-meter-rate">
          {percentOfBp(rate.rateBp)}
        </span>
      </div>
      <div
        className="cp-meter__bar"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={(rate.limitBp * SCALE) / 100}
        aria-valuenow={rate.rateBp / 100}
        aria-valuetext={`${percentOfBp(rate.rateBp)} · ${t(`state.${state}`)}`}
        aria-label={title}
      >
        <span className="cp-meter__fill" style={{ width: `${filled * 100}%` }} />
        <span className="cp-meter__limit" style={{ left: `${100 / SCALE}%` }} aria-hidden="true" />
      </div>
      <p className="cp-meter__state" data-testid="decline-meter-state" data-state={state}>
        <strong>{t(`state.${state}`)}</strong> ·{' '}
        {t('counts', { declines: rate.declines, total: rate.authorizations })}
      </p>
      <p className="cp-meter__note">{t('limit', { limit: percentOfBp(rate.limitBp) })}</p>
      {early ? (
        <p className="cp-meter__note" data-testid="decline-meter-early">
          {t('early', { min: rate.minAuthorizations, total: rate.authorizations })}
        </p>
      ) : null}
      {rate.cards.length > 0 ? (
        <>
          <h3 className="cp-meter__subtitle">{t('topCards')}</h3>
          <ul className="cp-meter__cards" data-testid="decline-meter-cards">
            {rate.cards.map((card) => (
              <li key={card.cardId} className="cp-meter__card" data-card-id={card.cardId}>
                <span>
                  {t('cardLine', { last4: card.last4, declines: card.declines, total: card.authorizations })}
                </span>
                {canSeeRecords ? (
                  // A plain hash link, like the risk notice's: the records page reads `last4` as
                  // typed (the router would write "4242" as a JSON string).
                  <a
                    href={`#/cardRecord?tab=refuse&last4=${card.last4}`}
                    className="cp-meter__link"
                    aria-label={t('declinesFor', { last4: card.last4 })}
                    data-testid="decline-meter-link"
                  >
                    {t('declines')}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="cp-meter__note">{t('none')}</p>
      )}
    </section>
  );
}
