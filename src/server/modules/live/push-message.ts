/**
 * What a push says (issue 18 §1), written at send time from the row the queued push points at, in
 * the subscription's language. A 3-D Secure push names the merchant, the amount and the seconds
 * left; the code itself only when the customer chose to see it on the lock screen. Nothing else
 * secret is ever in a push (no card number, no CVV). `url` is the hash route a tap opens.
 */
import { eq } from 'drizzle-orm';
import type { CurrencyCode } from '../../../contract/core';
import type { AppContext } from '../../context';
import { cardAuthorizations, cardOtps, topupForecasts, topupOrders } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import { translate } from '../../lib/i18n';
import { moneyText } from '../topups/money-text';

export type PushKind = 'otp' | 'decline' | 'topup' | 'forecast';

export interface PushMessage {
  title: string;
  body: string;
  /** The hash route a tap opens, e.g. `/cardList?otp=1`. */
  url: string;
  /** Notifications with the same tag replace each other (a re-sent code does not stack). */
  tag: string;
  kind: PushKind;
  /** Seconds the push service may hold it: a 3-D Secure code is worthless once it expired. */
  ttl: number;
}

export const PUSH_ROUTES: Record<PushKind, string> = {
  otp: '/cardList?otp=1',
  decline: '/cardRecord',
  topup: '/financeRecord',
  forecast: '/financeAudit',
};

const DAY_SECONDS = 24 * 3600;

export interface PushTarget {
  lang: Lang;
  showCode: boolean;
}

/** The message for one queued push, or null when there is nothing to say any more (code expired). */
export async function pushMessage(
  ctx: AppContext,
  kind: PushKind,
  refId: string,
  target: PushTarget,
): Promise<PushMessage | null> {
  const db = ctx.database.db;
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(target.lang, `server:live.push.${key}`, params);
  const base = { kind, url: PUSH_ROUTES[kind], tag: `${kind}:${refId}` };
  if (kind === 'otp') {
    const [otp] = await db.select().from(cardOtps).where(eq(cardOtps.id, refId));
    if (!otp) return null;
    const seconds = Math.floor((otp.expiresAt.getTime() - ctx.now().getTime()) / 1000);
    if (seconds <= 0) return null;
    const params = {
      merchant: otp.merchantName,
      amount: moneyText(otp.amount, otp.currency as CurrencyCode),
      seconds,
    };
    const body = target.showCode
      ? t('otpBodyWithCode', { ...params, code: ctx.box.open(otp.code) })
      : t('otpBody', params);
    return { ...base, title: t('otpTitle'), body, ttl: seconds };
  }
  if (kind === 'decline') {
    const [auth] = await db.select().from(cardAuthorizations).where(eq(cardAuthorizations.id, refId));
    if (!auth) return null;
    const reason = auth.declineReason
      ? translate(target.lang, `cards:declineReason.${auth.declineReason}`)
      : t('noReason');
    const amount = moneyText(auth.amount, auth.currency as CurrencyCode);
    return {
      ...base,
      title: t('declineTitle'),
      body: t('declineBody', { merchant: auth.merchantName, amount, reason }),
      ttl: DAY_SECONDS,
    };
  }
  if (kind === 'topup') {
    const [order] = await db.select().from(topupOrders).where(eq(topupOrders.id, refId));
    if (!order) return null;
    const amount = moneyText(order.amount, order.currency as CurrencyCode);
    return { ...base, title: t('topupTitle'), body: t('topupBody', { amount }), ttl: DAY_SECONDS };
  }
  const [forecast] = await db.select().from(topupForecasts).where(eq(topupForecasts.id, refId));
  if (!forecast) return null;
  const amount = moneyText(forecast.amount, forecast.currency as CurrencyCode);
  if (forecast.status === 'approved')
    return {
      ...base,
      title: t('forecastApprovedTitle'),
      body: t('forecastApprovedBody', { amount }),
      ttl: DAY_SECONDS,
    };
  if (forecast.status !== 'rejected') return null;
  return {
    ...base,
    title: t('forecastRejectedTitle'),
    body: t('forecastRejectedBody', { amount, reason: forecast.rejectReason ?? t('noReason') }),
    ttl: DAY_SECONDS,
  };
}
