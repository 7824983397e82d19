/**
 * Messenger channels in the personal centre (issue 32 §3): the group bots that receive the account's
 * events besides Web Push and e-mail, each with its events, cards, whether the code is included,
 * "send test message" and its delivery log. Targets and secrets are write-only: the list shows the
 * server's hint (host and last characters). Loaded lazily (ChannelsSectionLazy.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../../../contract/channels';
import { channelList, channelTest } from '../../../../contract/channels';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { isSubAccountSession } from '../../../lib/permissions';
import Button from '../Button';
import type { ChannelChoices } from './ChannelSheet';
import { ChannelSheet } from './ChannelSheet';
import { CHANNELS_NS } from './channels-i18n';
import { DeliveryLogSheet } from './DeliveryLogSheet';
import './channels.css';

export function ChannelsSection() {
  const { t } = useTranslation(CHANNELS_NS);
  const query = useQuery({ queryKey: ['channels'], queryFn: () => call(channelList, {}) });
  const channels = query.data?.channels ?? null;
  const choices: ChannelChoices = { groups: query.data?.groups ?? [], members: query.data?.members ?? [] };
  const load = () => void query.refetch();
  const [editing, setEditing] = useState<ChannelView | 'new' | null>(null);
  const [logOf, setLogOf] = useState<ChannelView | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  const sendTest = async (channel: ChannelView) => {
    setTesting(channel.id);
    try {
      await call(channelTest, { id: channel.id });
      toastSuccess(t('testQueued'));
      setLogOf(channel);
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setTesting(null);
    }
  };

  return (
    <section className="cp-personal__card cp-channels" data-testid="channels">
      <h2>{t('title')}</h2>
      <p className="cp-channels__note">{isSubAccountSession() ? t('memberLead') : t('lead')}</p>
      {query.isSuccess && channels?.length === 0 ? (
        <p className="cp-channels__meta" data-testid="channels-empty">
          {t('empty')}
        </p>
      ) : null}
      <ul className="cp-channels__list">
        {(channels ?? []).map((channel) => (
          <li key={channel.id} className="cp-channels__item" data-testid="channel-item">
            <div className="cp-channels__head">
              <span className="cp-channels__name">{channel.name}</span>
              <span className="cp-channels__meta">{t(`kinds.${channel.kind}`)}</span>
              {!channel.enabled ? <span className="cp-channels__meta">{t('off')}</span> : null}
            </div>
            <p className="cp-channels__meta" data-testid="channel-hint">
              {channel.targetHint}
            </p>
            <p className="cp-channels__meta">
              {channel.events.map((event) => t(`events.${event}`)).join(' · ')}
            </p>
            {channel.memberName ? (
              <p className="cp-channels__meta">{t('by', { name: channel.memberName })}</p>
            ) : null}
            {channel.lastDelivery ? (
              <p
                className={`cp-channels__meta cp-channels__status--${channel.lastDelivery.status}`}
                data-testid="channel-last"
              >
                {t(`deliveries.status.${channel.lastDelivery.status}`)} ·{' '}
                {new Date(channel.lastDelivery.at).toLocaleString()}
              </p>
            ) : null}
            <div className="cp-channels__actions">
              <Button
                size="small"
                fill="outline"
                loading={testing === channel.id}
                onClick={() => void sendTest(channel)}
                data-testid="channel-test"
              >
                {t('test')}
              </Button>
              <Button size="small" fill="outline" onClick={() => setLogOf(channel)} data-testid="channel-log">
                {t('log')}
              </Button>
              <Button
                size="small"
                fill="outline"
                onClick={() => setEditing(channel)}
                data-testid="channel-edit"
              >
                {t('edit')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="cp-channels__actions">
        <Button color="primary" onClick={() => setEditing('new')} data-testid="channel-add">
          {t('add')}
        </Button>
      </div>
      {editing ? (
        <ChannelSheet
          channel={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      ) : null}
      {logOf ? (
        <DeliveryLogSheet
          channel={logOf}
          onClose={() => {
            setLogOf(null);
            load();
          }}
        />
      ) : null}
    </section>
  );
}
