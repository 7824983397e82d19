/**
 * The card segment picker (issue 5 §1): every segment with its BIN, network, currency, opening
 * fee, load fee, minimum first load and the merchants it suits. Segments in maintenance are shown
 * but cannot be chosen. Native radio buttons, so keyboards, screen readers and forms know them;
 * a row that scrolls sideways on a phone (the next card peeks out), a grid on a wide screen.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@web/lib/money';
import type { SegmentView } from '../api';
import { percentOfBp } from '@web/lib/percent';
import { CARD_OPEN_NS } from '../i18n';

/** Merchants named on a segment's card; the rest are counted ("+3"). */
const MERCHANTS_SHOWN = 4;

export interface SegmentPickerProps {
  idPrefix: string;
  segments: readonly SegmentView[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: string;
  onChange: (segmentId: string) => void;
  error?: string | undefined;
}

export function SegmentPicker({
  idPrefix,
  segments,
  loading,
  failed,
  onRetry,
  value,
  onChange,
  error,
}: SegmentPickerProps) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const errorId = `${idPrefix}-segment-error`;

  return (
    <fieldset
      className={`cp-open-segments ${error ? 'cp-open-segments--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
      data-testid="open-segments"
    >
      <legend className="cp-open__legend">{t('segment.label')}</legend>
      {loading ? (
        <p className="cp-open__muted" role="status">
          {t('segment.loading')}
        </p>
      ) : failed ? (
        <p className="cp-open__muted" role="alert">
          {t('segment.loadFailed')}{' '}
          <button type="button" className="cp-text-link" onClick={onRetry}>
            {t('retry')}
          </button>
        </p>
      ) : !segments || segments.length === 0 ? (
        <p className="cp-open__muted">{t('segment.none')}</p>
      ) : (
        <div className="cp-open-segments__list" id={`${idPrefix}-segmentId`} tabIndex={-1}>
          {segments.map((segment) => (
            <SegmentOption
              key={segment.id}
              name={`${idPrefix}-segment`}
              segment={segment}
              checked={segment.id === value}
              onChange={onChange}
            />
          ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className="cp-field__error" role="alert" data-testid="open-segment-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function SegmentOption({
  name,
  segment,
  checked,
  onChange,
}: {
  name: string;
  segment: SegmentView;
  checked: boolean;
  onChange: (segmentId: string) => void;
}) {
  const { t } = useTranslation(CARD_OPEN_NS);
  const maintenance = segment.status !== 'open';
  const money = (minor: number) => formatMoney(minor, segment.currency);
  const shown = segment.merchants.slice(0, MERCHANTS_SHOWN);
  const more = segment.merchants.length - shown.length;

  return (
    <label
      className={`cp-open-segment ${checked ? 'cp-open-segment--checked' : ''} ${
        maintenance ? 'cp-open-segment--disabled' : ''
      }`}
      data-testid={`open-segment-${segment.id}`}
      data-status={segment.status}
    >
      <input
        type="radio"
        className="cp-open-segment__radio"
        name={name}
        value={segment.id}
        checked={checked}
        disabled={maintenance}
        onChange={() => onChange(segment.id)}
      />
      <span className="cp-open-segment__head">
        <span className={`cp-open-network cp-open-network--${segment.network}`}>
          {t(`network.${segment.network}`)}
        </span>
        <span className="cp-open-segment__name">{segment.name}</span>
        {maintenance ? <span className="cp-tag cp-tag--warn">{t('segment.maintenance')}</span> : null}
      </span>
      <span className="cp-open-segment__bin">
        {t('segment.bin', { bin: segment.bin })} · {segment.currency}
      </span>
      <span className="cp-open-segment__fees">
        <span>
          {t('segment.openFee')} <strong>{money(segment.openFee)}</strong>
        </span>
        <span>
          {t('segment.rechargeFee')} <strong>{percentOfBp(segment.rechargeFeeBp)}</strong>
        </span>
        <span>
          {t('segment.minFirst')} <strong>{money(segment.minFirstRecharge)}</strong>
        </span>
      </span>
      {shown.length > 0 ? (
        <span className="cp-open-segment__merchants">
          <span className="cp-visually-hidden">{t('segment.suits')} </span>
          {shown.map((merchant) => (
            <span key={merchant} className="cp-open-chip">
              {merchant}
            </span>
          ))}
          {more > 0 ? <span className="cp-open-chip cp-open-chip--more">+{more}</span> : null}
        </span>
      ) : null}
    </label>
  );
}
