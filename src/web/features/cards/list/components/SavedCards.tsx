/**
 * The saved card list, shown read-only when the list cannot load: offline, or — under the "could
 * not load" line — when the request found no server. The newest cards as they last loaded, with
 * the age of that load; no action is offered, since every one of them needs the network. Without
 * a saved list (none kept yet on this device, or a view that is never kept) it says the list
 * will load once the network is back.
 */
import { useTranslation } from 'react-i18next';
import { Money } from '@web/components/ui/Money';
import { SavedAge } from '@web/components/ui/SavedAge';
import { productDate } from '@web/lib/product-time';
import type { Snapshot } from '@web/lib/snapshot';
import type { SavedCard, SavedCardList } from '../card-snapshot';
import { CARD_LIST_NS } from '../i18n';
import { CardNumberCell, StatusBadge, TileBalance, TileMiddle, TileTop } from './CardBits';

interface Props {
  saved: Snapshot<SavedCardList> | null;
  wide: boolean;
}

export function SavedCards({ saved, wide }: Props) {
  const { t } = useTranslation(CARD_LIST_NS);
  if (!saved) {
    return (
      <div className="cp-cl-empty" role="status" data-testid="card-list-offline-none">
        <p>{t('saved.none')}</p>
      </div>
    );
  }
  const { cards, total } = saved.data;
  return (
    <section className="cp-cl-saved" aria-labelledby="saved-cards-title" data-testid="card-list-saved">
      <div className="cp-cl-saved__head">
        <h2 id="saved-cards-title" className="cp-cl-saved__title">
          {t('saved.title')}
        </h2>
        <p className="cp-cl-saved__lead">
          {cards.length < total
            ? t('saved.someOf', { shown: cards.length, count: total })
            : t('saved.all', { count: cards.length })}
        </p>
        <p className="cp-cl-saved__age">
          <SavedAge savedAt={saved.savedAt} data-testid="card-list-saved-age" />
        </p>
      </div>
      {cards.length === 0 ? (
        <div className="cp-cl-empty">
          <p>{t('empty')}</p>
        </div>
      ) : wide ? (
        <SavedTable cards={cards} />
      ) : (
        <ul className="cp-cl-tiles" aria-label={t('saved.title')}>
          {cards.map((card) => (
            <li key={card.id} className="cp-cl-tile-row" data-testid="saved-card-row">
              <SavedTile card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedTile({ card }: { card: SavedCard }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <div className="cp-cl-tile cp-cl-tile--saved">
      <TileTop card={card} />
      <TileMiddle last4={card.last4}>{t('saved.opened', { date: productDate(card.createdAt) })}</TileMiddle>
      <span className="cp-cl-tile__bottom">
        <TileBalance card={card} />
        <span className="cp-cl-tile__label">{card.label ?? card.segmentName}</span>
      </span>
    </div>
  );
}

const COLUMNS = ['card', 'segment', 'balance', 'status', 'label', 'opened'] as const;

function SavedTable({ cards }: { cards: readonly SavedCard[] }) {
  const { t } = useTranslation(CARD_LIST_NS);
  return (
    <div className="cp-cl-table-wrap">
      <table className="cp-cl-table cp-cl-saved__table" data-testid="saved-card-table">
        <caption className="cp-visually-hidden">{t('saved.title')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                // The live table's column widths; the segment takes the rest.
                className={`cp-cl-table__col-${column} ${column === 'balance' ? 'cp-cl-table__end' : ''}`}
              >
                {t(column === 'segment' ? 'saved.segment' : `column.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.id} data-testid="saved-card-row">
              <td>
                <CardNumberCell card={card} />
              </td>
              <td className="cp-cl-table__text">{card.segmentName}</td>
              <td className="cp-cl-table__end">
                <Money minor={card.balance} currency={card.currency} data-testid="card-balance" />
              </td>
              <td>
                <StatusBadge card={card} />
              </td>
              <td className="cp-cl-table__text">{card.label ?? '—'}</td>
              <td>{productDate(card.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
