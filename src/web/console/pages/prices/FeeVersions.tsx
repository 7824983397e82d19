/**
 * A segment's or plan's fee versions, newest first: the coming ones (scheduled, may be withdrawn),
 * the one in force, and the ones it replaced. Quotes made before a version's time kept the fees then.
 */
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PriceBookView } from '@contract/operator-content';
import { money } from '../../use-load';
import { percent, when } from './format';

type Version = PriceBookView['segments'][number]['versions'][number];

export function FeeVersions({
  versions,
  currency,
  canWithdraw,
  onWithdraw,
}: {
  versions: Version[];
  currency: string;
  canWithdraw: boolean;
  onWithdraw: (version: Version) => void;
}) {
  const { t } = useTranslation();
  if (versions.length === 0) return <p className="console-hint">{t('prices.noVersions')}</p>;
  const current = versions.find((v) => v.inEffect);
  return (
    <ul className="console-versions" aria-label={t('prices.versions')}>
      {versions.map((v) => {
        const state = !v.inEffect ? 'scheduled' : v === current ? 'current' : 'past';
        return (
          <li key={v.effectiveFrom} data-testid="fee-version" data-state={state}>
            <div className="console-version-head">
              <Tag color={state === 'scheduled' ? 'warning' : state === 'current' ? 'success' : 'default'}>
                {t(`prices.states.${state}`)}
              </Tag>
              <span>{t('prices.from', { time: when(v.effectiveFrom) })}</span>
            </div>
            <div className="console-version-fees">
              {t('prices.openFee')} {money(v.openFee, currency)} · {t('prices.rechargeFee')}{' '}
              {percent(v.rechargeFeeBp)}
              {v.minFirstRecharge !== null &&
                ` · ${t('prices.minFirstRecharge')} ${money(v.minFirstRecharge, currency)}`}
              {v.monthlyCardLimit !== null && ` · ${t('prices.monthlyCardLimit')} ${v.monthlyCardLimit}`}
            </div>
            {state === 'scheduled' && canWithdraw && (
              <Button size="small" fill="outline" color="danger" onClick={() => onWithdraw(v)}>
                {t('prices.withdraw')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
