/**
 * The phone layout of the card list: one tile per card with everything a customer checks at a
 * glance — network, serial, last four digits, holder, balance and status. Tapping a tile opens its
 * actions; in selection mode it ticks the card instead. Windowed (useWindowedRows): with 10,000
 * cards only the tiles near the viewport exist in the DOM.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { CARD_LIST_NS } from '../i18n';
import { useWindowedRows } from '../useWindowedRows';
import { TileBalance, TileMiddle, TileTop } from './CardBits';
import { memberText, TILE_ROW_HEIGHT, type CardRowsProps } from './card-rows';

export function CardTiles(props: CardRowsProps) {
  const { cards, total, caption, onRangeEnd } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const rows = useWindowedRows(listRef, cards.length, TILE_ROW_HEIGHT);

  useEffect(() => onRangeEnd(rows.end), [rows.end, onRangeEnd]);

  return (
    <ul
      ref={listRef}
      className="cp-cl-tiles"
      aria-label={caption}
      style={{ paddingTop: rows.before, paddingBottom: rows.after }}
      data-testid="card-tiles"
    >
      {cards.slice(rows.start, rows.end).map((card, offset) => (
        <li
          key={card.id}
          className="cp-cl-tile-row"
          aria-setsize={total}
          aria-posinset={rows.start + offset + 1}
          data-testid="card-row"
          data-card-id={card.id}
        >
          <CardTile card={card} {...props} />
        </li>
      ))}
    </ul>
  );
}

function CardTile({
  card,
  selecting,
  selected,
  onToggle,
  onOpen,
  showMember,
}: { card: CardView } & Pick<
  CardRowsProps,
  'selecting' | 'selected' | 'onToggle' | 'onOpen' | 'showMember'
>) {
  const { t } = useTranslation(CARD_LIST_NS);
  const checked = selected.has(card.id);
  const body = (
    <>
      <TileTop card={card} />
      <TileMiddle last4={card.last4}>{card.holderName}</TileMiddle>
      <span className="cp-cl-tile__bottom">
        <TileBalance card={card} />
        <span className="cp-cl-tile__label" data-testid={showMember ? 'card-member' : undefined}>
          {showMember ? t('row.member', { member: memberText(card) }) : (card.label ?? card.segmentName)}
        </span>
      </span>
    </>
  );

  if (selecting) {
    return (
      <label className={`cp-cl-tile cp-cl-tile--select ${checked ? 'cp-cl-tile--on' : ''}`}>
        <input
          type="checkbox"
          className="cp-cl-tile__check"
          checked={checked}
          onChange={() => onToggle(card)}
          disabled={card.status === 'deleted'}
          aria-label={t('select.card', { last4: card.last4, serial: card.serial })}
          data-testid="card-select"
        />
        {body}
      </label>
    );
  }
  return (
    <button
      type="button"
      className="cp-cl-tile"
      onClick={() => onOpen(card)}
      aria-haspopup="dialog"
      data-testid="card-open"
    >
      {body}
    </button>
  );
}
