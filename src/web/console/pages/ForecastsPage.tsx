/** Forecast review: the queue oldest first, each with its proof; approve, or reject with a reason. */
import { Button, Card, Empty, TextArea } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ForecastReviewItem } from '@contract/operator';
import { forecastProof, forecastQueue, reviewForecastCall } from '@contract/operator';
import { call, callBlob } from '../api';
import { ProofImage } from '../ProofImage';
import { act, money, useLoad } from '../use-load';

function ForecastCard({ item, reload }: { item: ForecastReviewItem; reload: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const proof = useCallback(() => callBlob(forecastProof, { id: item.id }), [item.id]);
  return (
    <Card
      className="console-card"
      title={`${item.email} · ${money(item.amount, item.currency)}`}
      data-testid="forecast"
    >
      <dl className="console-facts">
        <dt>{t('forecasts.payer')}</dt>
        <dd>{item.payerName}</dd>
        <dt>{t('forecasts.bank')}</dt>
        <dd>
          {item.bankName} · {item.bankArea}
        </dd>
        <dt>{t('forecasts.txn')}</dt>
        <dd>{item.bankTxnNo}</dd>
        <dt>{t('forecasts.date')}</dt>
        <dd>{item.transferDate}</dd>
        <dt>{t('forecasts.status')}</dt>
        <dd>{t(`forecasts.statuses.${item.status}`)}</dd>
      </dl>
      <ProofImage load={proof} alt={t('forecasts.proof')} />
      <TextArea
        aria-label={t('fields.reason')}
        placeholder={t('fields.reasonPlaceholder')}
        value={reason}
        onChange={setReason}
        maxLength={500}
        rows={2}
      />
      <div className="console-actions">
        <Button
          color="primary"
          onClick={() =>
            void act(
              () => call(reviewForecastCall, { id: item.id, action: 'approve' }),
              t('forecasts.approved'),
              reload,
            )
          }
        >
          {t('forecasts.approve')}
        </Button>
        <Button
          color="danger"
          fill="outline"
          onClick={() =>
            void act(
              () => call(reviewForecastCall, { id: item.id, action: 'reject', reason }),
              t('forecasts.rejected'),
              reload,
            )
          }
        >
          {t('forecasts.reject')}
        </Button>
      </div>
    </Card>
  );
}

export function ForecastsPage() {
  const { t } = useTranslation();
  const load = useCallback(() => call(forecastQueue, {}), []);
  const { data, reload } = useLoad(load);
  return (
    <section>
      <h1>{t('nav.forecasts')}</h1>
      {data?.length === 0 && <Empty description={t('empty')} />}
      {data?.map((item) => (
        <ForecastCard key={item.id} item={item} reload={reload} />
      ))}
    </section>
  );
}
