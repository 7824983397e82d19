/** Gives a customer a coupon: kind, discount, how many cards, until when, and why. */
import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueCouponCall } from '@contract/operator-content';
import { call } from '../../api';
import { act } from '../../use-load';
import { ConsoleSheet } from '../../ConsoleSheet';
import { bpFrom, instantFrom } from '../prices/format';

type Kind = 'open_fee' | 'recharge_fee';

export function IssueCouponSheet({
  email,
  onClose,
  reload,
}: {
  email: string;
  onClose: () => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const [to, setTo] = useState(email);
  const [type, setType] = useState<Kind>('open_fee');
  const [discount, setDiscount] = useState('');
  const [times, setTimes] = useState('1');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const discountBp = bpFrom(discount);
    const availableTimes = /^\d{1,4}$/.test(times.trim()) ? Number(times.trim()) : 0;
    const expiresAt = instantFrom(until);
    if (!to.trim()) return setError(t('coupons.errors.email'));
    if (!discountBp || availableTimes < 1 || availableTimes > 1000)
      return setError(t('coupons.errors.shape'));
    if (!expiresAt || expiresAt.getTime() <= Date.now()) return setError(t('prices.errors.future'));
    if (!reason.trim()) return setError(t('errors.reasonRequired'));
    setBusy(true);
    const ok = await act(
      () =>
        call(issueCouponCall, {
          email: to,
          type,
          discountBp,
          availableTimes,
          expiresAt: expiresAt.toISOString(),
          reason: reason.trim(),
        }),
      t('coupons.issued'),
      reload,
    );
    setBusy(false);
    if (ok) onClose();
  };
  const field = (
    label: string,
    value: string,
    onChange: (v: string) => void,
    inputMode: 'decimal' | 'numeric' | 'email',
  ) => (
    <label className="console-field">
      <span>{label}</span>
      <Input
        aria-label={label}
        inputMode={inputMode}
        value={value}
        onChange={(v) => {
          onChange(v);
          setError('');
        }}
      />
    </label>
  );
  return (
    <ConsoleSheet
      visible
      title={t('coupons.issue')}
      onClose={onClose}
      data-testid="coupon-sheet"
      footer={
        <Button block color="primary" loading={busy} onClick={() => void submit()}>
          {t('coupons.issue')}
        </Button>
      }
    >
      {field(t('coupons.customer'), to, setTo, 'email')}
      <fieldset className="console-field">
        <legend>{t('coupons.type')}</legend>
        <Selector
          columns={2}
          value={[type]}
          onChange={(v) => v[0] && setType(v[0])}
          options={[
            { label: t('coupons.types.open_fee'), value: 'open_fee' as Kind },
            { label: t('coupons.types.recharge_fee'), value: 'recharge_fee' as Kind },
          ]}
        />
      </fieldset>
      {field(t('coupons.discount'), discount, setDiscount, 'decimal')}
      {field(t('coupons.times'), times, setTimes, 'numeric')}
      <label className="console-field">
        <span>{t('coupons.until')}</span>
        <input
          type="datetime-local"
          className="console-input"
          aria-label={t('coupons.until')}
          value={until}
          onChange={(e) => {
            setUntil(e.target.value);
            setError('');
          }}
        />
      </label>
      <label className="console-field">
        <span>{t('fields.reason')}</span>
        <TextArea
          aria-label={t('fields.reason')}
          value={reason}
          onChange={setReason}
          rows={2}
          maxLength={500}
        />
      </label>
      {error && (
        <p className="console-error" role="alert">
          {error}
        </p>
      )}
    </ConsoleSheet>
  );
}
