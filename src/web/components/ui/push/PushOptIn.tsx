/**
 * The push opt-in of this device (issue 18 §1), on the 3-D Secure codes screen and in the personal
 * centre: on or off, and whether the code itself may show on the lock screen. Says plainly when
 * the browser cannot do it or the customer blocked it, and what will be sent (a team member's device
 * gets only codes and declines). Turning it on shows its progress and settles within 10 s: when the
 * phone's push service cannot be reached the switch is back to off with an explanation that stays
 * and says which channels still work (issue 32 §2). Loaded on demand (PushOptInLazy.tsx).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/notify';
import { isSubAccountSession } from '../../../lib/permissions';
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
  /** Turning on is under way (the push service may take up to PUSH_SERVICE_TIMEOUT_MS). */
  const [connecting, setConnecting] = useState(false);
  /** The push service could not be reached on the last try: explained until the next one. */
  const [unreachable, setUnreachable] = useState(false);

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

  const change = async (
    work: () => Promise<DevicePush>,
    done?: (next: DevicePush) => string | null,
    turningOn = false,
  ) => {
    setBusy(true);
    setConnecting(turningOn);
    setUnreachable(false);
    try {
      const next = await work();
      setDevice(next);
      const text = done?.(next);
      if (text) toastSuccess(text);
    } catch (error) {
      if (error instanceof PushServiceError) {
        // Settled: off, with the reason on screen (a toast would vanish before it is read).
        setDevice((current) => (current?.state === 'on' ? current : { state: 'off', showCode: false }));
        setUnreachable(true);
      } else toastError(t('failed'));
    } finally {
      setBusy(false);
      setConnecting(false);
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
          <p className="cp-push__intro" data-testid="push-what">
            {t(isSubAccountSession() ? 'introMember' : 'intro')}
          </p>
        </div>
        {!unavailable && (
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={t('title')}
            className={`cp-push__switch${on ? ' cp-push__switch--on' : ''}`}
            disabled={busy}
            aria-busy={connecting}
            aria-describedby={connecting ? 'cp-push-progress' : undefined}
            data-testid="push-switch"
            data-state={connecting ? 'connecting' : device.state}
            onClick={() =>
              void change(
                () => (on ? disablePush() : enablePush(false)),
                (next) => (next.state === 'on' ? t('enabled') : next.state === 'off' ? t('disabled') : null),
                !on,
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
      {connecting && (
        <p
          id="cp-push-progress"
          className="cp-push__note cp-push__progress"
          role="status"
          data-testid="push-connecting"
        >
          <span className="cp-push__spinner" aria-hidden="true" />
          {t('connecting')}
        </p>
      )}
      {unreachable && (
        <div className="cp-push__problem" role="alert" data-testid="push-unreachable">
          <p>{t('unreachable')}</p>
          <p>{t('stillWorks')}</p>
        </div>
      )}
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
