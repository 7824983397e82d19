/**
 * A channel's delivery log: each message with its status, attempts, last error and, while it waits
 * for a retry, when it is tried next. Re-read every 2 s while something is waiting and the sheet is
 * open.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView, DeliveryView } from '../../../../contract/channels';
import { channelDeliveries } from '../../../../contract/channels';
import { call } from '../../../lib/http';
import { Sheet } from '../Sheet';
import { CHANNELS_NS } from './channels-i18n';

const POLL_MS = 2_000;

export function DeliveryLogSheet({ channel, onClose }: { channel: ChannelView; onClose: () => void }) {
  const { t } = useTranslation(CHANNELS_NS);
  const [entries, setEntries] = useState<DeliveryView[] | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const page = await call(channelDeliveries, { id: channel.id, pageNo: 1, pageSize: 30 });
        if (!live) return;
        setEntries(page.data);
        if (page.data.some((entry) => entry.status === 'pending'))
          timer = setTimeout(() => void read(), POLL_MS);
      } catch {
        if (live) setEntries((current) => current ?? []);
      }
    };
    void read();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [channel.id]);

  return (
    <Sheet
      visible
      title={t('deliveries.title', { name: channel.name })}
      onClose={onClose}
      data-testid="channel-log-sheet"
    >
      {entries && entries.length === 0 ? <p>{t('deliveries.empty')}</p> : null}
      <ul className="cp-channels__log">
        {(entries ?? []).map((entry) => (
          <li key={entry.id} data-testid="delivery" data-status={entry.status}>
            <div>
              <strong>{t(`events.${entry.kind}`)}</strong> ·{' '}
              <span className={`cp-channels__status--${entry.status}`}>
                {t(`deliveries.status.${entry.status}`)}
              </span>
            </div>
            <div className="cp-channels__meta">
              {new Date(entry.sentAt ?? entry.createdAt).toLocaleString()} ·{' '}
              {t('deliveries.attempts', { count: entry.attempts })}
            </div>
            {entry.nextAttemptAt && entry.attempts > 0 ? (
              <div className="cp-channels__meta">
                {t('deliveries.next', { time: new Date(entry.nextAttemptAt).toLocaleTimeString() })}
              </div>
            ) : null}
            {entry.lastError ? (
              <div className="cp-channels__meta">{t('deliveries.error', { error: entry.lastError })}</div>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="cp-channels__note">{t('deliveries.retryNote')}</p>
    </Sheet>
  );
}
