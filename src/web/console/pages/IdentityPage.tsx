/** Identity review (no identity provider configured): start, approve, reject with a reason, or ask. */
import { Button, Card, Checkbox, Empty, TextArea } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityReviewItemView } from '@contract/operator';
import { identityDocument, identityQueue, reviewIdentityCall } from '@contract/operator';
import { call, callBlob } from '../api';
import { ProofImage } from '../ProofImage';
import { act, useLoad } from '../use-load';

function Document({ id, field }: { id: string; field: IdentityReviewItemView['documents'][number] }) {
  const { t } = useTranslation();
  const load = useCallback(() => callBlob(identityDocument, { id, field }), [id, field]);
  return <ProofImage load={load} alt={t(`identity.documents.${field}`)} />;
}

function OrderCard({ item, reload }: { item: IdentityReviewItemView; reload: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [resubmittable, setResubmittable] = useState(true);
  const decide = (input: Parameters<typeof call<typeof reviewIdentityCall>>[1], done: string) =>
    void act(() => call(reviewIdentityCall, input), done, reload);
  return (
    <Card
      className="console-card"
      title={`${item.email} · ${t(`identity.kinds.${item.kind}`)}`}
      data-testid="identity-order"
    >
      <dl className="console-facts">
        <dt>{t('identity.name')}</dt>
        <dd>{item.companyName ?? item.personName ?? '—'}</dd>
        <dt>{t('identity.idTail')}</dt>
        <dd>{item.idNumberTail ? `…${item.idNumberTail}` : '—'}</dd>
        <dt>{t('identity.status')}</dt>
        <dd>{t(`identity.statuses.${item.status}`)}</dd>
      </dl>
      <div className="console-docs">
        {item.documents.map((field) => (
          <Document key={field} id={item.id} field={field} />
        ))}
      </div>
      <TextArea
        aria-label={t('fields.reason')}
        placeholder={t('fields.reasonPlaceholder')}
        value={reason}
        onChange={setReason}
        rows={2}
        maxLength={500}
      />
      <Checkbox checked={resubmittable} onChange={setResubmittable}>
        {t('identity.resubmittable')}
      </Checkbox>
      <div className="console-actions">
        {item.status === 'submitted' && (
          <Button onClick={() => decide({ id: item.id, action: 'start' }, t('identity.started'))}>
            {t('identity.start')}
          </Button>
        )}
        <Button
          color="primary"
          onClick={() => decide({ id: item.id, action: 'approve' }, t('identity.approved'))}
        >
          {t('identity.approve')}
        </Button>
        <Button
          color="danger"
          fill="outline"
          onClick={() =>
            decide({ id: item.id, action: 'reject', reason, resubmittable }, t('identity.rejected'))
          }
        >
          {t('identity.reject')}
        </Button>
      </div>
    </Card>
  );
}

export function IdentityPage() {
  const { t } = useTranslation();
  const load = useCallback(() => call(identityQueue, {}), []);
  const { data, reload } = useLoad(load);
  return (
    <section>
      <h1>{t('nav.identity')}</h1>
      {data?.length === 0 && <Empty description={t('empty')} />}
      {data?.map((item) => (
        <OrderCard key={item.id} item={item} reload={reload} />
      ))}
    </section>
  );
}
