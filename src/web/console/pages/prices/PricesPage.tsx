/**
 * Card segments, fees and rate plans (issue 31 §2): what is in force now, what is scheduled, and
 * changes from now or a stated time. Each action shows only with its permission id (the server
 * checks it again on every call).
 */
import { useRouteContext } from '@tanstack/react-router';
import { Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorMe } from '@contract/operator';
import type { PriceBookView } from '@contract/operator-content';
import { priceBookCall, segmentStatusCall, withdrawFeeChangeCall } from '@contract/operator-content';
import { call } from '../../api';
import { act, useLoad } from '../../use-load';
import type { FeeTarget } from './FeeSheet';
import { FeeSheet } from './FeeSheet';
import { when } from './format';
import { PlanCard } from './PlanCard';
import { ReasonSheet } from './ReasonSheet';
import { SegmentCard } from './SegmentCard';

type Segment = PriceBookView['segments'][number];

interface Ask {
  title: string;
  summary: string;
  confirm: string;
  danger: boolean;
  run: (reason: string) => Promise<unknown>;
  done: string;
}

export function PricesPage() {
  const { t } = useTranslation();
  const { me } = useRouteContext({ strict: false }) as { me: OperatorMe };
  const has = (id: OperatorMe['permissions'][number]) => me.permissions.includes(id);
  const load = useCallback(() => call(priceBookCall, {}), []);
  const { data, reload } = useLoad(load);
  const [editing, setEditing] = useState<FeeTarget | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);

  const withdraw = (kind: 'segment' | 'plan', id: string, effectiveFrom: string) =>
    setAsk({
      title: t('prices.withdraw'),
      summary: t('prices.withdrawSummary', { time: when(effectiveFrom) }),
      confirm: t('prices.withdraw'),
      danger: true,
      run: (reason) => call(withdrawFeeChangeCall, { kind, id, effectiveFrom, reason }),
      done: t('prices.withdrawn'),
    });
  const setStatus = (segment: Segment, open: boolean) =>
    setAsk({
      title: open ? t('prices.openSegment') : t('prices.pauseSegment'),
      summary: open ? t('prices.openSummary') : t('prices.pauseSummary'),
      confirm: open ? t('prices.openSegment') : t('prices.pauseSegment'),
      danger: !open,
      run: (reason) =>
        call(segmentStatusCall, {
          segmentId: segment.id,
          status: open ? 'open' : 'maintenance',
          reason,
        }),
      done: t('prices.statusChanged'),
    });

  return (
    <section>
      <h1>{t('nav.prices')}</h1>
      <Tabs>
        <Tabs.Tab title={t('prices.segments')} key="segments">
          {data?.segments.map((segment) => (
            <SegmentCard
              key={segment.id}
              segment={segment}
              can={{ fees: has('fees.manage'), status: has('segments.manage') }}
              onChange={() => setEditing({ kind: 'segment', segment })}
              onStatus={(open) => setStatus(segment, open)}
              onWithdraw={(v) => withdraw('segment', segment.id, v.effectiveFrom)}
            />
          ))}
        </Tabs.Tab>
        <Tabs.Tab title={t('prices.plans')} key="plans">
          {data?.plans.map((plan) => (
            <PlanCard
              key={plan.code}
              plan={plan}
              can={{ change: has('plans.manage'), withdraw: has('fees.manage') }}
              onChange={() => setEditing({ kind: 'plan', plan })}
              onWithdraw={(v) => withdraw('plan', plan.code, v.effectiveFrom)}
            />
          ))}
        </Tabs.Tab>
      </Tabs>
      {editing && <FeeSheet target={editing} onClose={() => setEditing(null)} reload={reload} />}
      {ask && (
        <ReasonSheet
          title={ask.title}
          summary={ask.summary}
          confirm={ask.confirm}
          danger={ask.danger}
          onConfirm={(reason) => act(() => ask.run(reason), ask.done, reload)}
          onClose={() => setAsk(null)}
        />
      )}
    </section>
  );
}
