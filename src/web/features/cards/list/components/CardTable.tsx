/**
 * The wide-screen layout of the card list: a table with the card, serial, holder, segment,
 * balance, consumption, status, label and opening date, and the frequent actions on each row
 * (the rest under "More"). Windowed like the phone tiles: rows far from the viewport are replaced
 * by one empty row of their height above and one below.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardView } from '@contract/cards';
import { Money } from '@web/components/ui/Money';
import { productDate } from '@web/lib/product-time';
import { CARD_LIST_NS } from '../i18n';
import { useWindowedRows } from '../useWindowedRows';
import { CardNumberCell, StatusBadge } from './CardBits';
import { actionsFor, memberText, ROW_ACTIONS, TABLE_ROW_HEIGHT, type CardRowsProps } from './card-rows';

/**
 * Two lines per cell keep the table narrow enough for a laptop beside the side menu: the card
 * with its serial, the holder with the segment, the balance with what was spent.
 */
const COLUMNS = ['card', 'holder', 'balance', 'status', 'label', 'opened'] as const;
/** The team list shows, in place of the label, the member holding the card: name and number. */
const TEAM_COLUMNS = ['card', 'holder', 'balance', 'status', 'member', 'opened'] as const;

export function CardTable(props: CardRowsProps) {
  const { t } = useTranslation(CARD_LIST_NS);
  const { cards, total, caption, selecting, selected, onToggle, onOpen, onAction, onRangeEnd, showMember } =
    props;
  const columns = showMember ? TEAM_COLUMNS : COLUMNS;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const rows = useWindowedRows(bodyRef, cards.length, TABLE_ROW_HEIGHT);
  const columnCount = columns.length + 1 + (selecting ? 1 : 0);

  useEffect(() => onRangeEnd(rows.end), [rows.end, onRangeEnd]);
  const actionsWidth = useActionsWidth(bodyRef, cards, rows.start, rows.end);

  return (
    <div className="cp-cl-table-wrap">
      <table className="cp-cl-table" aria-rowcount={total + 1} data-testid="card-table">
        <caption className="cp-visually-hidden">{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {selecting ? (
              <th scope="col" className="cp-cl-table__check">
                <span className="cp-visually-hidden">{t('select.column')}</span>
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={`cp-cl-table__col-${column} ${column === 'balance' ? 'cp-cl-table__end' : ''}`}
              >
                {t(`column.${column}`)}
              </th>
            ))}
            <th
              scope="col"
              className="cp-cl-table__end cp-cl-table__actions-head"
              style={actionsWidth ? { width: actionsWidth } : undefined}
            >
              {t('column.actions')}
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {rows.before > 0 ? <Spacer height={rows.before} columns={columnCount} /> : null}
          {cards.slice(rows.start, rows.end).map((card, offset) => (
            <tr
              key={card.id}
              aria-rowindex={rows.start + offset + 2}
              data-testid="card-row"
              data-card-id={card.id}
            >
              {selecting ? (
                <td className="cp-cl-table__check">
                  <input
                    type="checkbox"
                    checked={selected.has(card.id)}
                    onChange={() => onToggle(card)}
                    disabled={card.status === 'deleted'}
                    aria-label={t('select.card', { last4: card.last4, serial: card.serial })}
                    data-testid="card-select"
                  />
                </td>
              ) : null}
              <td>
                <CardNumberCell card={card} />
              </td>
              <td>
                <span className="cp-cl-table__two">
                  <span className="cp-cl-table__text">{card.holderName}</span>
                  <span className="cp-cl-table__sub">{card.segmentName}</span>
                </span>
              </td>
              <td className="cp-cl-table__end">
                <span className="cp-cl-table__two">
                  <Money minor={card.balance} currency={card.currency} data-testid="card-balance" />
                  <span className="cp-cl-table__sub">
                    {t('row.spent')} <Money minor={card.spent} currency={card.currency} />
                  </span>
                </span>
              </td>
              <td>
                <StatusBadge card={card} />
              </td>
              {showMember ? (
                <td>
                  <span className="cp-cl-table__two" data-testid="card-member" title={memberText(card)}>
                    <span className="cp-cl-table__text">{card.member?.nickname ?? '—'}</span>
                    <span className="cp-cl-table__sub cp-mono">{card.member?.subUid ?? ''}</span>
                  </span>
                </td>
              ) : (
                <td className="cp-cl-table__text">{card.label ?? '—'}</td>
              )}
              <td>{productDate(card.createdAt)}</td>
              <td className="cp-cl-table__end">
                <RowButtons card={card} onAction={onAction} onOpen={onOpen} />
              </td>
            </tr>
          ))}
          {rows.after > 0 ? <Spacer height={rows.after} columns={columnCount} /> : null}
        </tbody>
      </table>
    </div>
  );
}

/** The actions cell's horizontal padding (.cp-cl-table td), added to the buttons' own width. */
const ACTIONS_PADDING = 24;

/**
 * The width of the actions column: as wide as the widest row of buttons rendered, measured after
 * each render, because the buttons' words differ in length by language and font ("Recharge",
 * "Show details", "More" took more than a fixed 240 px and "More" was cut to "Mor"). It only
 * grows while a language is shown — rows scrolled into view never make it jump narrower — and is
 * measured afresh when the language changes.
 */
function useActionsWidth(
  bodyRef: RefObject<HTMLTableSectionElement | null>,
  cards: CardRowsProps['cards'],
  start: number,
  end: number,
): number | null {
  const { i18n } = useTranslation();
  const [width, setWidth] = useState<{ lang: string; px: number } | null>(null);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    let widest = 0;
    for (const buttons of body.querySelectorAll<HTMLElement>('.cp-cl-table__buttons'))
      widest = Math.max(widest, buttons.scrollWidth);
    if (widest === 0) return;
    const needed = Math.ceil(widest) + ACTIONS_PADDING;
    setWidth((current) =>
      current && current.lang === i18n.language && current.px >= needed
        ? current
        : { lang: i18n.language, px: needed },
    );
    // Measured again whenever other rows, other cards or another language are rendered.
  }, [bodyRef, i18n.language, cards, start, end]);
  return width?.px ?? null;
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="cp-cl-table__spacer">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

function RowButtons({
  card,
  onAction,
  onOpen,
}: {
  card: CardView;
  onAction: CardRowsProps['onAction'];
  onOpen: CardRowsProps['onOpen'];
}) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <span className="cp-cl-table__buttons">
      {actionsFor(card)
        .filter((rule) => ROW_ACTIONS.includes(rule.action))
        .map((rule) => (
          <button
            key={rule.action}
            type="button"
            className="cp-small-button"
            onClick={() => onAction(card, rule.action)}
            data-testid={`row-${rule.action}`}
          >
            {/* The short words of the phone's action row ("Details"), so the row stays narrow. */}
            {t(`quick.${rule.action}`)}
          </button>
        ))}
      <button
        type="button"
        className="cp-small-button cp-cl-row-button--more"
        onClick={() => onOpen(card)}
        aria-haspopup="dialog"
        aria-label={t('action.moreFor', { last4: card.last4 })}
        data-testid="row-more"
      >
        {t('action.more')}
      </button>
    </span>
  );
}
