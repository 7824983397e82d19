/** One card segment: open for new cards or in maintenance, the fees in force, and its fee versions. */
import { Button, Card, Switch, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PriceBookView } from '@contract/operator-content';
import { money } from '../../use-load';
import { FeeVersions } from './FeeVersions';
import { percent } from './format';

type Segment = PriceBookView['segments'][number];
type Version = Segment['versions'][number];

export interface SegmentCardProps {
  segment: Segment;
  can: { fees: boolean; status: boolean };
  onChange: () => void;
  onStatus: (open: boolean) => void;
  onWithdraw: (version: Version) => void;
}

export function SegmentCard({ segment, can, onChange, onStatus, onWithdraw }: SegmentCardProps) {
  const { t, i18n } = useTranslation();
  const name = i18n.language === 'en' ? segment.nameEn : segment.nameZh;
  const open = segment.status === 'open';
  return (
    <Card
      className="console-card"
      data-testid={`segment-${segment.id}`}
      title={
        <span className="console-card-title">
          {name}{' '}
          <Tag color={open ? 'success' : 'warning'} data-testid="segment-status">
            {t(`prices.segmentStatus.${segment.status}`)}
          </Tag>
        </span>
      }
    >
      {can.status && (
        <label className="console-switch">
          <span>{t('prices.openForNew')}</span>
          <Switch checked={open} aria-label={t('prices.openForNew')} onChange={(next) => onStatus(next)} />
        </label>
      )}
      <dl className="console-facts" data-testid="fees-now">
        <dt>{t('prices.openFee')}</dt>
        <dd>{money(segment.now.openFee, segment.currency)}</dd>
        <dt>{t('prices.rechargeFee')}</dt>
        <dd>{percent(segment.now.rechargeFeeBp)}</dd>
        <dt>{t('prices.minFirstRecharge')}</dt>
        <dd>{money(segment.now.minFirstRecharge, segment.currency)}</dd>
      </dl>
      <FeeVersions
        versions={segment.versions}
        currency={segment.currency}
        canWithdraw={can.fees}
        onWithdraw={onWithdraw}
      />
      {can.fees && (
        <div className="console-actions">
          <Button color="primary" fill="outline" onClick={onChange}>
            {t('prices.changeFees')}
          </Button>
        </div>
      )}
    </Card>
  );
}
