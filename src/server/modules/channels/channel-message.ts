/**
 * What a channel's message says (issue 32 §3), written when it is sent from the row the delivery
 * points at, in the channel's language. Codes, declines and top-ups say what a push says
 * (live/push-message.ts; the 3-D Secure code itself only when the channel includes it) plus the
 * card (label or serial, last four); low balance names the balance and the threshold. No card
 * number or CVV is ever in a message. With `PUBLIC_URL` set, a link to the screen is added.
 */
import { eq } from 'drizzle-orm';
import type { CurrencyCode } from '../../../contract/core';
import type { AppContext } from '../../context';
import { ledgerAccounts } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import type { PushKind } from '../live/push-message';
import { PUSH_ROUTES, pushMessage } from '../live/push-message';
import { moneyText } from '../topups/money-text';
import type { Channel, EventCard } from './channel-audience';
import type { ChannelText } from './channel-requests';

function link(ctx: AppContext, route: string): string {
  return ctx.env.PUBLIC_URL ? `\n${ctx.env.PUBLIC_URL.replace(/\/$/, '')}/#${route}` : '';
}

export async function channelMessage(
  ctx: AppContext,
  channel: Channel,
  kind: string,
  refId: string | null,
  card: EventCard | null,
): Promise<ChannelText | null> {
  const lang = channel.lang as Lang;
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `server:channels.message.${key}`, params);
  const cardLine = card ? `\n${t('card', { card: card.label || card.serial, last4: card.last4 })}` : '';
  if (kind === 'test') return { title: t('testTitle'), body: t('testBody', { name: channel.name }) };
  if (kind === 'otp' || kind === 'decline' || kind === 'topup') {
    const push = await pushMessage(ctx, kind as PushKind, refId ?? '', { lang, showCode: channel.showCode });
    if (!push) return null;
    return { title: push.title, body: `${push.body}${cardLine}${link(ctx, PUSH_ROUTES[kind as PushKind])}` };
  }
  if (kind === 'low_balance' && refId) {
    const [ledger] = await ctx.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, refId));
    if (!ledger || channel.lowBalance === null) return null;
    const currency = ledger.currency as CurrencyCode;
    const params = {
      balance: moneyText(ledger.balance, currency),
      threshold: moneyText(channel.lowBalance, currency),
    };
    return card
      ? { title: t('lowCardTitle'), body: `${t('lowCardBody', params)}${cardLine}${link(ctx, '/cardList')}` }
      : {
          title: t('lowWalletTitle'),
          body: `${t('lowWalletBody', { ...params, currency })}${link(ctx, '/home')}`,
        };
  }
  return null;
}
