/**
 * Adding or changing a messenger channel, in a sheet. The webhook (or Telegram bot token) and the
 * signing secret are write-only: when changing a channel they are left empty to keep what is stored.
 * A member's channel has no card choice (its own cards) and no top-up event.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelEvent, ChannelKind, ChannelScope, ChannelView } from '../../../../contract/channels';
import { channelEvents, channelKinds, channelRemove, channelSave } from '../../../../contract/channels';
import { call } from '../../../lib/http';
import { toastSuccess } from '../../../lib/notify';
import { isSubAccountSession } from '../../../lib/permissions';
import Button from '../Button';
import { CheckField } from '../CheckField';
import { SelectField } from '../SelectField';
import { Sheet } from '../Sheet';
import { SheetButton } from '../SheetButtons';
import { TextField } from '../TextField';
import { CHANNELS_NS } from './channels-i18n';

/** The card groups and members a channel may be scoped to (the section reads them with the list). */
export interface ChannelChoices {
  groups: { id: string; name: string }[];
  members: { id: string; name: string }[];
}

export interface ChannelSheetProps {
  channel: ChannelView | null;
  choices: ChannelChoices;
  onClose: () => void;
  onSaved: () => void;
}

/** "10.00" → 1000 minor units (two decimals: the balances are CNY and USD). */
function minorOf(text: string): number | undefined {
  const value = Number(text.replace(/[,\s]/g, ''));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : undefined;
}

export function ChannelSheet({ channel, choices, onClose, onSaved }: ChannelSheetProps) {
  const { t } = useTranslation(CHANNELS_NS);
  const member = isSubAccountSession();
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'wecom');
  const [name, setName] = useState(channel?.name ?? '');
  const [webhook, setWebhook] = useState('');
  const [secret, setSecret] = useState('');
  const [clearSecret, setClearSecret] = useState(false);
  const [chatId, setChatId] = useState('');
  const [events, setEvents] = useState<ChannelEvent[]>(channel?.events ?? ['otp', 'decline']);
  const [lowBalance, setLowBalance] = useState(
    channel?.lowBalance ? (channel.lowBalance / 100).toFixed(2) : '',
  );
  const [scope, setScope] = useState<ChannelScope>(channel?.cardScope ?? 'all');
  const [groupId, setGroupId] = useState(channel?.cardGroupId ?? choices.groups[0]?.id ?? '');
  const [memberId, setMemberId] = useState(channel?.scopeSubAccountId ?? choices.members[0]?.id ?? '');
  const [showCode, setShowCode] = useState(channel?.showCode ?? false);
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  const [busy, setBusy] = useState(false);
  const sameKind = channel !== null && channel.kind === kind;
  const signs = kind === 'dingtalk' || kind === 'feishu';
  const offered = channelEvents.filter((event) => !member || event !== 'topup');

  const toggle = (event: ChannelEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const save = async () => {
    setBusy(true);
    try {
      await call(channelSave, {
        ...(channel ? { id: channel.id } : {}),
        kind,
        name,
        ...(webhook.trim() ? { webhook: webhook.trim() } : {}),
        ...(signs && secret.trim() ? { secret: secret.trim() } : {}),
        ...(signs && clearSecret ? { clearSecret: true } : {}),
        ...(kind === 'telegram' && chatId.trim() ? { chatId: chatId.trim() } : {}),
        events,
        cardScope: member ? 'member' : scope,
        ...(scope === 'group' && groupId ? { cardGroupId: groupId } : {}),
        ...(scope === 'member' && memberId ? { scopeSubAccountId: memberId } : {}),
        showCode,
        ...(events.includes('low_balance') ? { lowBalance: minorOf(lowBalance) } : {}),
        enabled,
      });
      toastSuccess(t('saved'));
      onSaved();
    } catch {
      // The HTTP layer has shown why (a translated message naming the field).
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!channel) return;
    setBusy(true);
    try {
      await call(channelRemove, { id: channel.id });
      toastSuccess(t('removed'));
      onSaved();
    } catch {
      // Shown by the HTTP layer.
    } finally {
      setBusy(false);
    }
  };

  const scopeOptions = (['all', 'group', 'member'] as const)
    .filter(
      (value) => value === 'all' || (value === 'group' ? choices.groups.length : choices.members.length) > 0,
    )
    .map((value) => ({ value, label: t(`form.scopes.${value}`) }));

  return (
    <Sheet
      visible
      title={channel ? t('form.editTitle') : t('form.addTitle')}
      onClose={onClose}
      data-testid="channel-sheet"
      footer={
        <SheetButton busy={busy} onClick={() => void save()} data-testid="channel-save">
          {t('save')}
        </SheetButton>
      }
    >
      <SelectField
        label={t('form.kind')}
        value={kind}
        options={channelKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        onChange={setKind}
        data-testid="channel-kind"
      />
      <TextField
        label={t('form.name')}
        value={name}
        onChange={setName}
        maxLength={32}
        data-testid="channel-name"
      />
      <TextField
        label={kind === 'telegram' ? t('form.token') : t('form.webhook')}
        value={webhook}
        onChange={setWebhook}
        autoComplete="off"
        spellCheck={false}
        placeholder={sameKind ? t('form.webhookKeep', { hint: channel.targetHint }) : undefined}
        hint={kind === 'telegram' ? t('form.tokenHint') : t('form.webhookHint')}
        data-testid="channel-webhook"
      />
      {kind === 'telegram' ? (
        <TextField
          label={t('form.chatId')}
          value={chatId}
          onChange={setChatId}
          hint={t('form.chatIdHint')}
          data-testid="channel-chat"
        />
      ) : null}
      {signs ? (
        <TextField
          label={t('form.secret')}
          value={secret}
          onChange={setSecret}
          autoComplete="off"
          spellCheck={false}
          placeholder={sameKind && channel.hasSecret ? t('form.secretKeep') : undefined}
          hint={t('form.secretHint')}
          data-testid="channel-secret"
        />
      ) : null}
      {signs && sameKind && channel.hasSecret ? (
        <CheckField id="channel-clear-secret" checked={clearSecret} onChange={setClearSecret}>
          {t('form.clearSecret')}
        </CheckField>
      ) : null}
      <fieldset className="cp-channels__fieldset">
        <legend>{t('form.events')}</legend>
        {offered.map((event) => (
          <CheckField
            key={event}
            id={`channel-event-${event}`}
            checked={events.includes(event)}
            onChange={(on) => toggle(event, on)}
            data-testid={`channel-event-${event}`}
          >
            {t(`events.${event}`)}
          </CheckField>
        ))}
      </fieldset>
      {events.includes('low_balance') ? (
        <TextField
          label={t('form.lowBalance')}
          value={lowBalance}
          onChange={setLowBalance}
          inputMode="decimal"
          hint={t('form.lowBalanceHint')}
          data-testid="channel-low"
        />
      ) : null}
      {!member ? (
        <SelectField
          label={t('form.scope')}
          value={scope}
          options={scopeOptions}
          onChange={setScope}
          data-testid="channel-scope"
        />
      ) : null}
      {!member && scope === 'group' ? (
        <SelectField
          label={t('form.group')}
          value={groupId}
          options={choices.groups.map((g) => ({ value: g.id, label: g.name }))}
          onChange={setGroupId}
        />
      ) : null}
      {!member && scope === 'member' ? (
        <SelectField
          label={t('form.member')}
          value={memberId}
          options={choices.members.map((m) => ({ value: m.id, label: m.name }))}
          onChange={setMemberId}
        />
      ) : null}
      <CheckField
        id="channel-show-code"
        checked={showCode}
        onChange={setShowCode}
        describedBy="channel-show-code-hint"
        data-testid="channel-show-code"
      >
        {t('form.showCode')}
      </CheckField>
      <p id="channel-show-code-hint" className="cp-channels__note">
        {t('form.showCodeHint')}
      </p>
      {channel ? (
        <CheckField
          id="channel-enabled"
          checked={enabled}
          onChange={setEnabled}
          data-testid="channel-enabled"
        >
          {t('form.enabled')}
        </CheckField>
      ) : null}
      <p className="cp-channels__note">{t('form.hosts')}</p>
      {channel ? (
        <div className="cp-channels__actions">
          <Button
            color="danger"
            fill="outline"
            disabled={busy}
            onClick={() => void remove()}
            data-testid="channel-remove"
          >
            {t('remove')}
          </Button>
        </div>
      ) : null}
    </Sheet>
  );
}
