/**
 * The secret of each channel. Production configures them (`PAYMENT_CHANNEL_SECRETS`, the secrets
 * the channels were given); demo mode derives any that are not configured from the server's own
 * key (`SECRET_KEY`, or the generated key file), so the simulator and the callback route agree
 * without setup and the secrets survive restarts.
 */
import type { TopupChannel } from '../../../contract/topup-rules';
import { TOPUP_CHANNELS } from '../../../contract/topup-rules';
import type { SecretBox } from '../../lib/crypto';

export type ChannelSecrets = ReadonlyMap<TopupChannel, string>;

const isChannel = (name: string): name is TopupChannel =>
  (TOPUP_CHANNELS as readonly string[]).includes(name);

/** `wechat:secret,alipay:secret,...`; unknown channel names are ignored. */
export function parseChannelSecrets(spec: string | undefined): Map<TopupChannel, string> {
  const secrets = new Map<TopupChannel, string>();
  for (const pair of (spec ?? '').split(',')) {
    const at = pair.indexOf(':');
    const name = pair.slice(0, at).trim();
    const secret = pair.slice(at + 1).trim();
    if (at > 0 && isChannel(name) && secret) secrets.set(name, secret);
  }
  return secrets;
}

export function missingChannelSecrets(spec: string | undefined): TopupChannel[] {
  const configured = parseChannelSecrets(spec);
  return TOPUP_CHANNELS.filter((channel) => !configured.has(channel));
}

/** Configured secrets, with the missing ones derived from the server key (demo mode). */
export function demoChannelSecrets(spec: string | undefined, box: SecretBox): ChannelSecrets {
  const secrets = parseChannelSecrets(spec);
  for (const channel of TOPUP_CHANNELS)
    if (!secrets.has(channel)) secrets.set(channel, box.hmac('payments:channel-secret', channel));
  return secrets;
}

export function secretOf(secrets: ChannelSecrets, channel: TopupChannel): string {
  const secret = secrets.get(channel);
  if (!secret) throw new Error(`no secret configured for payment channel ${channel}`);
  return secret;
}
