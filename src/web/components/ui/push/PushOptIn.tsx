/**
 * The push opt-in of this device (issue 18 §1), on the 3-D Secure codes screen and in the personal
 * centre: on or off, and whether the code itself may show on the lock screen. Says plainly when
 * the browser cannot do it or the customer blocked it. Loaded on demand (PushOptInLazy.tsx).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/notify';
import {
  disablePush,
  enablePush,
  PushServiceError,
  readDevicePush,
  type DevicePush,
} from '../../../lib/push';
import { PUSH_NS } from './push-i18n';
import './push-opt-in.css';

export interface PushOptInProps {
  /** One line under a heading of the caller's (the 3DS screen), instead of a section of its own. */
  compact?: boolean;
}

export function PushOptIn({ compact = false }: PushOptInProps) {
  const { t } = useTranslation(PUSH_NS);
  const [device, setDevice] = useState<DevicePush | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readDevicePush().then(
      (read) => current && setDevice(read),
      () => current && setDevice({ state: 'off', showCode: false }),
    );
    return () => {
      current = false;
    };
  }, []);

  const change = async (work: () => Promise<DevicePush>, done?: (next: DevicePush) => string | null) => {
    setBusy(true);
    try {
      const next = await work();
      setDevice(next);
      const text = done?.(next);
      if (text) toastSuccess(text);
    } catch (error) {
      toastError(t(error instanceof PushServiceError ? 'serviceFailed' : 'failed'));
    } finally {
      setBusy(false);
    }
  };

  if (!device) return null;
  const on = device.state === 'on';
  const unavailable = device.state === 'unsupported' || device.state === 'blocked';

  return (
    <section
      className={`cp-push${compact ? ' cp-push--compact' : ''}`}
      aria-labelledby="cp-push-title"
      data-testid="push-opt-in"
    >
      <div className="cp-push__row">
        <div className="cp-push__text">
          <h3 id="cp-push-title" className="cp-push__title">
            {t('title')}
          </h3>
          {!compact && <p className="cp-push__intro">{t('intro')}</p>}
        </div>
        {!unavailable && (
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={t('title')}
            className={`cp-push__switch${on ? ' cp-push__switch--on' : ''}`}
            disabled={busy}
            data-testid="push-switch"
            onClick={() =>
              void change(
                () => (on ? disablePush() : enablePush(false)),
                (next) => (next.state === 'on' ? t('enabled') : next.state === 'off' ? t('disabled') : null),
              )
            }
          >
            <span className="cp-push__state">{on ? t('on') : t('off')}</span>
            <span className="cp-push__track" aria-hidden="true">
              <span className="cp-push__knob" />
            </span>
          </button>
        )}
      </div>
      {unavailable && (
        <p className="cp-push__note" role="status" data-testid={`push-${device.state}`}>
          {t(device.state)}
        </p>
      )}
      {on && (
        <label className="cp-push__code">
          <input
            type="checkbox"
            checked={device.showCode}
            disabled={busy}
            data-testid="push-show-code"
            onChange={(event) => void change(() => enablePush(event.target.checked))}
          />
          <span>
            {t('showCode')}
            <small className="cp-push__hint">{t('showCodeHint')}</small>
          </span>
        </label>
      )}
    </section>
  );
}
