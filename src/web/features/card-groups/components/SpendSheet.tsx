/**
 * The spending panel of one group (cardGroup/spend): 7 or 30 days of USD spend drawn as bars, the
 * approval and decline rates, the top decline reasons and merchants, and the 3-D Secure challenges,
 * so a customer sees which group is in trouble before the 5 % decline rule freezes cards.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardGroupView } from '@contract/card-groups';
import { cardGroupSpend } from '@contract/card-groups';
import { Money } from '../../../components/ui/Money';
import { SegmentedTabs } from '../../../components/ui/SegmentedTabs';
import { Sheet } from '../../../components/ui/Sheet';
import { call } from '../../../lib/http';
import { CARD_GROUPS_NS } from '../i18n';
import { SpendChart } from './SpendChart';

/** Warn from 3 %: the rule freezes at 5 %. */
const WARN_BP = 300;

function percent(bp: number): string {
  return `${(bp / 100).toFixed(1)} %`;
}

export function SpendSheet({ group, onClose }: { group: CardGroupView; onClose: () => void }) {
  const { t } = useTranslation(CARD_GROUPS_NS);
  const [days, setDays] = useState<'7' | '30'>('7');
  const spend = useQuery({
    queryKey: ['cardGroups', 'spend', group.id, days],
    queryFn: ({ signal }) => call(cardGroupSpend, { id: group.id, days }, { signal }),
  });
  const data = spend.data;
  return (
    <Sheet
      visible
      title={t('spendTitle', { name: group.name })}
      onClose={onClose}
      wideWidth={560}
      data-testid="group-spend"
    >
      <SegmentedTabs
        label={t('spend')}
        active={days}
        onChange={setDays}
        idPrefix="group-spend"
        items={[
          { key: '7', title: t('days7') },
          { key: '30', title: t('days30') },
        ]}
      />
      {data ? (
        <div className="cp-cg-spend">
          <p className="cp-cg-spend__total">
            <span>{t('spendTotal')}</span>
            <Money minor={data.total} currency="USD" data-testid="group-spend-total" />
          </p>
          <SpendChart
            daily={data.daily}
            label={t('chartLabel', { from: data.daily[0]?.date ?? '', to: data.daily.at(-1)?.date ?? '' })}
          />
          <dl className="cp-cg-spend__facts">
            <div>
              <dt>{t('approval')}</dt>
              <dd data-testid="group-spend-approval">
                {percent(data.approvalRateBp)} · {data.approved}
              </dd>
            </div>
            <div>
              <dt>{t('decline')}</dt>
              <dd className={data.declineRateBp >= WARN_BP ? 'cp-cg-warn' : undefined}>
                {percent(data.declineRateBp)} · {data.declined}
              </dd>
            </div>
            <div>
              <dt>{t('challenges')}</dt>
              <dd>{data.challenges}</dd>
            </div>
          </dl>
          {data.declineRateBp >= WARN_BP ? (
            <p className="cp-notice cp-notice--warn">{t('declineWarn')}</p>
          ) : null}
          <h3 className="cp-cg-spend__heading">{t('topDeclines')}</h3>
          {data.topDeclineReasons.length ? (
            <ul className="cp-cg-spend__list">
              {data.topDeclineReasons.map((r) => (
                <li key={r.reason}>
                  <span>{r.text}</span>
                  <strong>{r.count}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <p className="cp-cg-muted">{t('noDeclines')}</p>
          )}
          <h3 className="cp-cg-spend__heading">{t('topMerchants')}</h3>
          {data.topMerchants.length ? (
            <ul className="cp-cg-spend__list">
              {data.topMerchants.map((m) => (
                <li key={m.name}>
                  <span>
                    {m.name} · {m.count}
                  </span>
                  <Money minor={m.amount} currency="USD" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="cp-cg-muted">{t('noMerchants')}</p>
          )}
        </div>
      ) : (
        <p className="cp-cg-muted">…</p>
      )}
    </Sheet>
  );
}
