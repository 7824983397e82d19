/**
 * The phone's card screen (issue 18 §2): the card as a picture, swiped left and right to the
 * other cards of the list (or moved with the arrow buttons and keys), a row of the frequent
 * actions — details, recharge, the freeze toggle, 3-D Secure codes — and every other action in a
 * "More" sheet. An action opens the same sheet it always did (step-up, confirmation, the server's
 * permission check); while it is open this screen steps aside and comes back after it.
 */
import { useCallback, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { ChevronIcon, LineIcon } from '@web/components/ui/icons';
import { Sheet } from '@web/components/ui/Sheet';
import { LiveCodeBadge } from '@web/components/ui/LiveCodeBadge';
import { useSwipe, type SwipeDirection } from '@web/lib/useSwipe';
import { CARD_LIST_NS } from '../i18n';
import { CardPicture } from './CardPicture';
import { actionsFor, FREQUENT_ACTIONS, type CardAction } from './card-rows';

export interface CardScreenProps {
  cards: readonly CardView[];
  /** All cards of the filter, loaded or not ("2 of 120"). */
  total: number;
  /** The card shown; null: the screen is closed. */
  cardId: string | null;
  /** An action's own sheet is open over it: this screen hides meanwhile. */
  hidden: boolean;
  onMove: (cardId: string) => void;
  onClose: () => void;
  onAction: (card: CardView, action: CardAction) => void;
  /** Told the position moved to, so the next page of cards loads before the end is reached. */
  onRangeEnd: (end: number) => void;
}

/** The icon of each frequent action (24-unit line paths). */
const QUICK_ICONS: Partial<Record<CardAction, string>> = {
  details: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  recharge: 'M12 5v14M5 12h14',
  freeze: 'M12 2v20M4 7l16 10M4 17L20 7',
  activate: 'M7 11V7a5 5 0 0 1 9.9-1M5 11h14v10H5z',
  otp: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zM9 12l2 2 4-4',
};
const MORE_ICON = 'M5 12h.01M12 12h.01M19 12h.01';

export function CardScreen({
  cards,
  total,
  cardId,
  hidden,
  onMove,
  onClose,
  onAction,
  onRangeEnd,
}: CardScreenProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const [more, setMore] = useState(false);
  const index = cardId ? cards.findIndex((card) => card.id === cardId) : -1;
  const card = index >= 0 ? cards[index]! : null;

  const move = useCallback(
    (direction: SwipeDirection) => {
      const next = cards[index + (direction === 'next' ? 1 : -1)];
      if (!next) return;
      onMove(next.id);
      onRangeEnd(index + 2);
    },
    [cards, index, onMove, onRangeEnd],
  );
  const swipe = useSwipe(move);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move('next');
    else if (event.key === 'ArrowLeft') move('previous');
    else return;
    event.preventDefault();
  };

  const allowed = card ? actionsFor(card) : [];
  const quick = allowed
    .filter((rule) => FREQUENT_ACTIONS.includes(rule.action))
    .sort((a, b) => FREQUENT_ACTIONS.indexOf(a.action) - FREQUENT_ACTIONS.indexOf(b.action));
  const rest = allowed.filter((rule) => !FREQUENT_ACTIONS.includes(rule.action));
  const pick = (action: CardAction) => {
    setMore(false);
    if (card) onAction(card, action);
  };

  return (
    <>
      <Sheet
        visible={card !== null && !hidden && !more}
        title={card ? t('actions.title', { last4: card.last4 }) : ''}
        onClose={onClose}
        data-testid="card-screen"
      >
        {card ? (
          <div className="cp-cs">
            <div
              className="cp-cs__stage"
              role="group"
              aria-roledescription={t('screen.carousel')}
              aria-label={t('screen.position', { index: index + 1, count: total })}
              tabIndex={0}
              onKeyDown={onKeyDown}
              {...swipe.handlers}
              data-testid="card-stage"
            >
              <div
                className="cp-cs__slide"
                style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
              >
                <CardPicture card={card} />
              </div>
            </div>
            <div className="cp-cs__pager">
              <button
                type="button"
                className="cp-cs__arrow"
                onClick={() => move('previous')}
                disabled={index <= 0}
                aria-label={t('screen.previous')}
                data-testid="card-previous"
              >
                <ChevronIcon direction="left" size={22} />
              </button>
              <span className="cp-cs__position" aria-live="polite" data-testid="card-position">
                {t('screen.position', { index: index + 1, count: total })}
              </span>
              <button
                type="button"
                className="cp-cs__arrow"
                onClick={() => move('next')}
                disabled={index >= cards.length - 1}
                aria-label={t('screen.next')}
                data-testid="card-next"
              >
                <ChevronIcon direction="right" size={22} />
              </button>
            </div>
            {card.status === 'frozen' && card.frozenBy === 'risk' ? (
              <p className="cp-notice cp-notice--warn" data-testid="card-risk-note">
                {t('risk.short')}
              </p>
            ) : null}
            <ul className="cp-cs__quick" aria-label={t('screen.quick')}>
              {quick.map((rule) => (
                <li key={rule.action}>
                  <button
                    type="button"
                    className="cp-cs__quick-button"
                    onClick={() => pick(rule.action)}
                    aria-haspopup="dialog"
                    data-testid={`quick-${rule.action}`}
                  >
                    <span className="cp-cs__quick-icon cp-badge-host">
                      <LineIcon d={QUICK_ICONS[rule.action] ?? MORE_ICON} size={22} />
                      {rule.action === 'otp' ? (
                        <LiveCodeBadge cardId={card.id} corner testId="quick-otp-badge" />
                      ) : null}
                    </span>
                    {t(`quick.${rule.action}`)}
                  </button>
                </li>
              ))}
              {rest.length > 0 ? (
                <li>
                  <button
                    type="button"
                    className="cp-cs__quick-button"
                    onClick={() => setMore(true)}
                    aria-haspopup="dialog"
                    data-testid="quick-more"
                  >
                    <span className="cp-cs__quick-icon">
                      <LineIcon d={MORE_ICON} size={22} weight={3} />
                    </span>
                    {t('quick.more')}
                  </button>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </Sheet>
      <Sheet
        visible={card !== null && !hidden && more}
        title={card ? t('screen.moreTitle', { last4: card.last4 }) : ''}
        onClose={() => setMore(false)}
        data-testid="card-more-sheet"
      >
        <ul className="cp-cl-actions">
          {rest.map((rule) => (
            <li key={rule.action}>
              <button
                type="button"
                className={`cp-cl-actions__item ${rule.danger ? 'cp-cl-actions__item--danger' : ''}`}
                onClick={() => pick(rule.action)}
                data-testid={`action-${rule.action}`}
              >
                <span>{t(`action.${rule.action}`)}</span>
                <ChevronIcon direction="right" />
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </>
  );
}
