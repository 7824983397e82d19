/**
 * The member's own cards and latest payments on /subHome, a few of each with a link to the full
 * page. Each part shows only when the member's role opens its page (the server would refuse the
 * call anyway); a sub-account's calls see only its own cards and records (server-side scope).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cardPageForSub } from '@contract/cards';
import { authTransPageForSub } from '@contract/records';
import { Can } from '../../../components/ui/Can';
import { Money } from '../../../components/ui/Money';
import { call } from '../../../lib/http';
import { productDateTime } from '../../../lib/product-time';
import { SUB_HOME_NS } from './sub-home-i18n';

const SHOWN = 5;

function PartState({ failed, onRetry, empty }: { failed: boolean; onRetry: () => void; empty: string }) {
  const { t } = useTranslation(SUB_HOME_NS);
  if (!failed) return <p className="cp-sub-list__empty">{empty}</p>;
  return (
    <p className="cp-sub-list__empty">
      {t('loadFailed')}{' '}
      <button type="button" className="cp-text-link" onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}

export function RecentCards() {
  const { t } = useTranslation(SUB_HOME_NS);
  const cards = useQuery({
    queryKey: ['subHome', 'cards'],
    queryFn: ({ signal }) => call(cardPageForSub, { pageNo: 1, pageSize: SHOWN }, { signal, silent: true }),
  });
  const rows = cards.data?.data ?? [];
  return (
    <section className="cp-panel" aria-labelledby="sub-cards-title" data-testid="sub-cards">
      <header className="cp-home-card__header">
        <h2 id="sub-cards-title" className="cp-home-card__title">
          {t('cards.title')}
        </h2>
        <span className="cp-sub-list__links">
          <Can permission="card:open">
            <Link to="/cardOpen" className="cp-text-link" data-testid="sub-open-card">
              {t('cards.open')}
            </Link>
          </Can>
          <Link to="/cardList" className="cp-text-link">
            {t('cards.all')}
          </Link>
        </span>
      </header>
      {rows.length === 0 ? (
        cards.isPending ? (
          <div className="cp-shimmer cp-sub-list__loading" aria-hidden="true" />
        ) : (
          <PartState failed={cards.isError} onRetry={() => void cards.refetch()} empty={t('cards.empty')} />
        )
      ) : (
        <ul className="cp-sub-list">
          {rows.map((card) => (
            <li key={card.id} className="cp-sub-list__row">
              <span>
                <span className="cp-mono">•••• {card.last4}</span>
                <span className="cp-sub-list__muted">{card.label ?? card.segmentName}</span>
              </span>
              <Money minor={card.balance} currency={card.currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RecentRecords() {
  const { t } = useTranslation(SUB_HOME_NS);
  const records = useQuery({
    queryKey: ['subHome', 'records'],
    queryFn: ({ signal }) =>
      call(authTransPageForSub, { pageNo: 1, pageSize: SHOWN }, { signal, silent: true }),
  });
  const rows = records.data?.data ?? [];
  return (
    <section className="cp-panel" aria-labelledby="sub-records-title" data-testid="sub-records">
      <header className="cp-home-card__header">
        <h2 id="sub-records-title" className="cp-home-card__title">
          {t('records.title')}
        </h2>
        <Link to="/cardRecord" className="cp-text-link">
          {t('records.all')}
        </Link>
      </header>
      {rows.length === 0 ? (
        records.isPending ? (
          <div className="cp-shimmer cp-sub-list__loading" aria-hidden="true" />
        ) : (
          <PartState
            failed={records.isError}
            onRetry={() => void records.refetch()}
            empty={t('records.empty')}
          />
        )
      ) : (
        <ul className="cp-sub-list">
          {rows.map((row) => (
            <li key={row.id} className="cp-sub-list__row">
              <span>
                <span>{row.merchantName}</span>
                <span className="cp-sub-list__muted">
                  •••• {row.last4} · {productDateTime(row.createdAt)}
                </span>
              </span>
              <Money minor={-row.amount} currency={row.currency} tone />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
