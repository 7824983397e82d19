/**
 * A card's history (cardLog, issue 5 §3): who did what and when — openings, loads, freezes,
 * reveals of the details, address changes — newest first, 20 at a time with "Load more".
 */
import { useTranslation } from 'react-i18next';
import { cardLog, type CardView } from '../../../../../contract/cards';
import { call } from '../../../../lib/http';
import { productDateTime } from '../../../../lib/product-time';
import { CARD_LIST_NS } from '../i18n';
import { CardHistorySheet } from './CardHistorySheet';

/** What the detail of an event adds to its line: amounts and transaction numbers, as text. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

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
          {events.map((event) => (
            <li key={event.id} className="cp-cl-timeline__item" data-testid="log-event">
              <span className="cp-cl-timeline__action">
                {t(`log.action.${event.action}`, { defaultValue: event.action })}
              </span>
              <span className="cp-cl-timeline__meta">
                {productDateTime(event.createdAt)} · {actor(event.actor)}
                {event.ip ? ` · ${event.ip}` : ''}
              </span>
              {detailText(event.detail) ? (
                <span className="cp-cl-timeline__detail">{detailText(event.detail)}</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </CardHistorySheet>
  );
}
