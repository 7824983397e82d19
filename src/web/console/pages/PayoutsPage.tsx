/** Payout review (no payout gateway configured): the bank withdrawals waiting; pay, or fail with a reason. */
import { Button, Card, Empty, TextArea } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutReviewItem } from '@contract/operator';
import { payoutQueue, settlePayoutCall } from '@contract/operator';
import { call } from '../api';
import { act, money, useLoad } from '../use-load';

function PayoutCard({ item, reload }: { item: PayoutReviewItem; reload: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Card
      className="console-card"
      title={`${item.email} · ${money(item.net, item.currency)}`}
      data-testid="payout"
    >
      <dl className="console-facts">
        <dt>{t('payouts.amount')}</dt>
        <dd>{money(item.amount, item.currency)}</dd>
        <dt>{t('payouts.fee')}</dt>
        <dd>{money(item.fee, item.currency)}</dd>
        <dt>{t('payouts.bank')}</dt>
        <dd>
          {item.bankName ?? '—'} {item.cardMasked ?? ''}
        </dd>
      </dl>
      <TextArea
        aria-label={t('fields.reason')}
        placeholder={t('fields.reasonPlaceholder')}
        value={reason}
        onChange={setReason}
        rows={2}
        maxLength={200}
      />
      <div className="console-actions">
        <Button
          color="primary"
          onClick={() =>
            void act(() => call(settlePayoutCall, { id: item.id, action: 'pay' }), t('payouts.paid'), reload)
          }
        >
          {t('payouts.pay')}
        </Button>
        <Button
          color="danger"
          fill="outline"
          onClick={() =>
            void act(
              () => call(settlePayoutCall, { id: item.id, action: 'fail', reason }),
              t('payouts.failed'),
              reload,
            )
          }
        >
          {t('payouts.fail')}
        </Button>
      </div>
    </Card>
  );
}

export function PayoutsPage() {
  const { t } = useTranslation();
  const load = useCallback(() => call(payoutQueue, {}), []);
  const { data, reload } = useLoad(load);
  return (
    <section>
      <h1>{t('nav.payouts')}</h1>
      {data?.length === 0 && <Empty description={t('empty')} />}
      {data?.map((item) => (
        <PayoutCard key={item.id} item={item} reload={reload} />
      ))}
    </section>
  );
}
