/**
 * What was opened: one card (its serial, last four digits, balance and holder), or the cards of a
 * batch or an import in a list (a table on a wide screen, cards on a phone) — never a full number.
 * A single card leads to its own screen on the card list (issue 34 §1), a batch to the list, where
 * every card can be recharged, frozen or revealed.
 */
import Button from '@web/components/ui/Button';
import { useTranslation } from 'react-i18next';
import { LocalDataList, type DataColumn } from '@web/components/ui/DataList';
import { TickIcon } from '@web/components/ui/icons';
import { Money } from '@web/components/ui/Money';
import type { CardView } from '../api';
import { CARD_OPEN_NS, CARDS_NS } from '../i18n';

const PAGE_SIZE = 20;

export interface OpenResultProps {
  cards: readonly CardView[];
  /** How many cards the batch opened (the list may hold fewer: at most the first 500). */
  total: number;
  txnNo: string | null;
  onAgain: () => void;
}

export function OpenResult({ cards, total, txnNo, onAgain }: OpenResultProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const single = total === 1 && cards.length === 1;
  const actions = (
    <div className="cp-open-result__actions">
      {single && cards[0] ? (
        <a
          className="cp-link-button"
          href={`#/cardList?card=${encodeURIComponent(cards[0].id)}`}
          data-testid="open-result-card-link"
        >
          {t('result.toCard')}
        </a>
      ) : (
        <a className="cp-link-button" href="#/cardList" data-testid="open-result-list">
          {t('result.toList')}
        </a>
      )}
      <Button fill="outline" color="primary" onClick={onAgain} data-testid="open-result-again">
        {t('result.again')}
      </Button>
    </div>
  );

  return (
    <section
      className="cp-panel cp-open-result"
      aria-labelledby="open-result-title"
      data-testid="open-result"
    >
      <div className="cp-open-result__head">
        <span className="cp-open-result__tick" aria-hidden="true">
          <TickIcon size={26} />
        </span>
        <div>
          <h2 id="open-result-title" className="cp-open-result__title" tabIndex={-1}>
            {single ? t('result.oneTitle') : t('result.manyTitle', { count: total })}
          </h2>
          {txnNo ? <p className="cp-open__muted">{t('result.txnNo', { txnNo })}</p> : null}
        </div>
      </div>
      {/* A batch lists up to 500 cards: its actions come first, so a phone need not scroll past them. */}
      {single && cards[0] ? <CardFace card={cards[0]} /> : actions}
      {single ? actions : <CardRows cards={cards} />}
    </section>
  );
}

/** A single new card, drawn like a card: the network, the last four digits, the balance. */
function CardFace({ card }: { card: CardView }) {
  const { t } = useTranslation(CARD_OPEN_NS);
  return (
    <div className={`cp-open-face cp-open-face--${card.network}`} data-testid="open-result-card">
      <div className="cp-open-face__top">
        <span className="cp-open-face__segment">{card.segmentName}</span>
        <span className="cp-open-face__network">{t(`network.${card.network}`)}</span>
      </div>
      <p className="cp-open-face__number" aria-label={t('result.last4Label', { last4: card.last4 })}>
        •••• •••• •••• <span data-testid="open-result-last4">{card.last4}</span>
      </p>
      <dl className="cp-open-facts">
        <div>
          <dt>{t('result.holder')}</dt>
          <dd>{card.holderName}</dd>
        </div>
        <div>
          <dt>{t('result.balance')}</dt>
          <dd data-testid="open-result-balance">
            <Money minor={card.balance} currency={card.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('result.serial')}</dt>
          <dd className="cp-mono" data-testid="open-result-serial">
            {card.serial}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function CardRows({ cards }: { cards: readonly CardView[] }) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const { t: tc } = useTranslation(CARDS_NS);
  const columns: DataColumn<CardView>[] = [
    {
      key: 'serial',
      title: t('result.serial'),
      primary: true,
      render: (card) => (
        <span className="cp-mono" data-testid="open-result-row" data-serial={card.serial}>
          {card.serial}
        </span>
      ),
    },
    { key: 'last4', title: t('result.last4'), render: (card) => `•••• ${card.last4}` },
    {
      key: 'balance',
      title: t('result.balance'),
      align: 'end',
      render: (card) => <Money minor={card.balance} currency={card.currency} />,
    },
    {
      key: 'status',
      title: t('result.status'),
      hideOnPhone: true,
      render: (card) => tc(`status.${card.status}`),
    },
  ];
  return (
    <LocalDataList
      columns={columns}
      rows={cards}
      rowKey={(card) => card.id}
      caption={t('result.caption')}
      pageSize={PAGE_SIZE}
      data-testid="open-result-cards"
    />
  );
}
