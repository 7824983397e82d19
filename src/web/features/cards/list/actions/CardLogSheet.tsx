/**
 * A card's history (cardLog, issue 5 §3): who did what and when — openings, loads, freezes,
 * reveals of the details, address changes — newest first, 20 at a time with "Load more".
 */
import { useTranslation } from 'react-i18next';
import { cardLog, type CardView } from '@contract/cards';
import { call } from '@web/lib/http';
import { productDateTime, PRODUCT_ZONE } from '@web/lib/product-time';
import { cardLogText } from '../card-log-text';
import { CARD_LIST_NS } from '../i18n';
import { CardHistorySheet } from './CardHistorySheet';

export function CardLogSheet({ card, onClose }: { card: CardView; onClose: () => void }) {
  const { t } = useTranslation(CARD_LIST_NS);
  const actor = (name: string) =>
    ['main', 'system', 'risk', 'expiry'].includes(name) ? t(`log.actor.${name}`) : name;

  return (
    <CardHistorySheet
      card={card}
      kind="log"
      title={t('log.title', { last4: card.last4 })}
      empty={t('log.empty')}
      load={(page, signal) => call(cardLog, page, { signal })}
      onClose={onClose}
    >
      {(events) => (
        <ol className="cp-cl-timeline">
          {events.map((event) => {
            const { phrases, ids } = cardLogText(event.detail, t);
            return (
              <li key={event.id} className="cp-cl-timeline__item" data-testid="log-event">
                <span className="cp-cl-timeline__action">
                  {t(`log.action.${event.action}`, { defaultValue: event.action })}
                </span>
                {phrases.length > 0 ? (
                  <span className="cp-cl-timeline__detail" data-testid="log-event-text">
                    {phrases.join(t('log.detail.and'))}
                  </span>
                ) : null}
                <span className="cp-cl-timeline__meta">
                  {productDateTime(event.createdAt)} {PRODUCT_ZONE} · {actor(event.actor)}
                  {event.ip ? ` · ${event.ip}` : ''}
                </span>
                {ids.length > 0 ? (
                  <details className="cp-cl-timeline__ids">
                    <summary>{t('log.detail.ids')}</summary>
                    <dl>
                      {ids.map((id) => (
                        <div key={id.label}>
                          <dt>{id.label}</dt>
                          <dd className="cp-mono">{id.value}</dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </CardHistorySheet>
  );
}
