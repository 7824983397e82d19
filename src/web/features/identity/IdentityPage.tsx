/**
 * Identity verification (issue 16 §2): the levels as a checklist (what is missing, what each
 * unlocks), the order's state with the reviewer's reason or questions, and the form while the
 * order may be changed. Reached from the home banner, the personal centre and refusal messages.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { identityGetStatus } from '../../../contract/identity';
import { PageIntro } from '../../components/ui/PageIntro';
import { call } from '../../lib/http';
import { productDateTime } from '../../lib/product-time';
import { identityKey } from './api';
import { Checklist } from './Checklist';
import { IDENTITY_NS } from './i18n';
import { ItemAnswer } from './ItemAnswer';
import { OrderForm } from './OrderForm';
import './identity.css';

export function IdentityPage() {
  const { t } = useTranslation(IDENTITY_NS);
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: identityKey,
    queryFn: ({ signal }) => call(identityGetStatus, {}, { signal }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: identityKey });
  const data = status.data;
  const order = data?.order ?? null;

  return (
    <div className="cp-page cp-identity" data-testid="identity-page">
      <PageIntro title={t('title')} lead={t('lead')} />
      {data ? (
        <>
          <Checklist status={data} />
          {order ? (
            <section className="cp-identity__state" data-testid="identity-state" data-status={order.status}>
              <h2>
                {t('orderOf', { kind: t(`kind.${order.kind}`) })} ·{' '}
                <span className="cp-identity__badge">{t(`status.${order.status}`)}</span>
              </h2>
              <p>{t(`statusHelp.${order.status}`)}</p>
              {order.status === 'rejected' && order.rejectReason ? (
                <p className="cp-identity__reason" data-testid="identity-reason">
                  {t('reason', { reason: order.rejectReason })}{' '}
                  {t(order.resubmittable ? 'mayResubmit' : 'final')}
                </p>
              ) : null}
              {order.expiresAt && order.status === 'approved' ? (
                <p>{t('validUntil', { date: productDateTime(order.expiresAt) })}</p>
              ) : null}
              {order.items.length > 0 && order.status === 'needs_info' ? (
                <ul className="cp-identity__items">
                  {order.items.map((item) => (
                    <ItemAnswer key={item.id} item={item} onAnswered={refresh} />
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
          {!order || order.editable ? (
            <OrderForm key={order?.updatedAt ?? 'new'} order={order} onSaved={refresh} />
          ) : null}
        </>
      ) : (
        <p>{t('loading')}</p>
      )}
    </div>
  );
}
