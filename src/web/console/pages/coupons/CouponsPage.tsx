/**
 * Coupons (issue 31 §2): a customer's coupons by sign-in address, issuing one, and ending one from
 * now (it cannot be used from then on; cards already priced with it keep their price).
 */
import { Button, Card, Empty, Input, Tag } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleCouponView } from '@contract/operator-content';
import { customerCouponsCall, endCouponCall } from '@contract/operator-content';
import { call } from '../../api';
import { act, useLoad } from '../../use-load';
import { percent, when } from '../prices/format';
import { ReasonSheet } from '../prices/ReasonSheet';
import { IssueCouponSheet } from './IssueCouponSheet';

function CouponCard({
  coupon,
  readAt,
  onEnd,
}: {
  coupon: ConsoleCouponView;
  /** When the list was read: a coupon whose end has passed by then is over. */
  readAt: number;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const ended = new Date(coupon.expiresAt).getTime() <= readAt;
  return (
    <Card
      className="console-card"
      data-testid="coupon"
      title={
        <span className="console-card-title">
          {coupon.number}{' '}
          <Tag color={ended ? 'default' : 'success'} data-testid="coupon-state">
            {ended ? t('coupons.ended') : t('coupons.active')}
          </Tag>
        </span>
      }
    >
      <dl className="console-facts">
        <dt>{t('coupons.type')}</dt>
        <dd>{t(`coupons.types.${coupon.type}`)}</dd>
        <dt>{t('coupons.discount')}</dt>
        <dd>{percent(coupon.discountBp)}</dd>
        <dt>{t('coupons.timesLeft')}</dt>
        <dd>{coupon.availableTimes}</dd>
        <dt>{ended ? t('coupons.endedAt') : t('coupons.until')}</dt>
        <dd>{when(coupon.expiresAt)}</dd>
      </dl>
      {!ended && (
        <div className="console-actions">
          <Button color="danger" fill="outline" onClick={onEnd}>
            {t('coupons.end')}
          </Button>
        </div>
      )}
    </Card>
  );
}

export function CouponsPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [shown, setShown] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [ending, setEnding] = useState<ConsoleCouponView | null>(null);
  const load = useCallback(
    async () =>
      shown ? { coupons: await call(customerCouponsCall, { email: shown }), readAt: Date.now() } : null,
    [shown],
  );
  const { data, reload } = useLoad(load);
  return (
    <section>
      <h1>{t('nav.coupons')}</h1>
      <form
        className="console-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(email.trim().toLowerCase());
        }}
      >
        <Input
          aria-label={t('coupons.customer')}
          placeholder={t('coupons.customer')}
          type="email"
          value={email}
          onChange={setEmail}
          clearable
        />
        <Button color="primary" type="submit">
          {t('audit.search')}
        </Button>
        <Button onClick={() => setIssuing(true)}>{t('coupons.issue')}</Button>
      </form>
      {data?.coupons.length === 0 && <Empty description={t('coupons.none')} />}
      {data?.coupons.map((coupon) => (
        <CouponCard key={coupon.id} coupon={coupon} readAt={data.readAt} onEnd={() => setEnding(coupon)} />
      ))}
      {issuing && (
        <IssueCouponSheet
          email={email.trim()}
          onClose={() => setIssuing(false)}
          reload={() => {
            setShown(email.trim().toLowerCase());
            reload();
          }}
        />
      )}
      {ending && (
        <ReasonSheet
          title={t('coupons.end')}
          summary={t('coupons.endSummary', { number: ending.number })}
          confirm={t('coupons.end')}
          danger
          onConfirm={(reason) =>
            act(() => call(endCouponCall, { id: ending.id, reason }), t('coupons.endedDone'), reload)
          }
          onClose={() => setEnding(null)}
        />
      )}
    </section>
  );
}
