/** Shared helpers of the top-up tests: orders through the API, signed callbacks, balances. */
import { eq } from 'drizzle-orm';
import type { Envelope } from '../../contract/core';
import type { TopupOrder } from '../../contract/finance';
import { qrCreate } from '../../contract/finance';
import type { TopupChannel } from '../../contract/topup-rules';
import { ledgerAccounts, ledgerTransactions, paymentCallbacks, topupOrders } from '../db/schema';
import { newId } from '../lib/crypto';
import { signBody } from '../providers/payments/signature';
import type { TestApp } from './harness';
import { auditLedger, isHealthy } from '../modules/ledger';
import type { OrderRow } from '../modules/topups/order-rows';

export async function newOrder(
  t: TestApp,
  token: string,
  channel: TopupChannel,
  amount: number,
  extra: { code?: string; cardNo?: string; key?: string } = {},
): Promise<TopupOrder> {
  const { key, ...fields } = extra;
  const answer = await t.api(
    qrCreate,
    { channel, amount, ...fields },
    { token, headers: key ? { 'idempotency-key': key } : {} },
  );
  if (answer.body.code !== 200) throw new Error(`qrCreate failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data as TopupOrder;
}

export interface CallbackBody {
  eventId: string;
  orderId: string;
  status: 'paid' | 'failed';
  amount: number;
  currency: string;
  channelTxnId: string;
  occurredAt: string;
}

/** What a channel would send for an order; override any field. */
export function eventFor(
  t: TestApp,
  order: { orderId: string; amount: number; currency: string },
  status: 'paid' | 'failed' = 'paid',
  overrides: Partial<CallbackBody> = {},
): CallbackBody {
  return {
    eventId: `evt-${newId()}`,
    orderId: order.orderId,
    status,
    amount: order.amount,
    currency: order.currency,
    channelTxnId: `TX${newId()}`,
    occurredAt: t.ctx.now().toISOString(),
    ...overrides,
  };
}

export interface Sent {
  channel: string;
  raw: string;
  signature: string;
}

export function signed(t: TestApp, channel: TopupChannel, body: CallbackBody | string): Sent {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return { channel, raw, signature: signBody(t.ctx.payments.channelSecret(channel), raw) };
}

export async function deliver(
  t: TestApp,
  sent: Sent,
): Promise<{ status: number; body: Envelope<{ outcome: string } | null> }> {
  const res = await t.raw(`/api/pay/notify/${sent.channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': sent.signature },
    body: sent.raw,
  });
  return { status: res.status, body: (await res.json()) as Envelope<{ outcome: string } | null> };
}

/** Sign and send a callback in one go. */
export function notify(t: TestApp, channel: TopupChannel, body: CallbackBody | string) {
  return deliver(t, signed(t, channel, body));
}

export async function balanceOf(t: TestApp, accountId: string, currency: string): Promise<number> {
  const rows = await t.ctx.database.db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountId, accountId));
  return rows.find((r) => r.currency === currency)?.balance ?? 0;
}

export async function orderRow(t: TestApp, orderId: string): Promise<OrderRow> {
  const [row] = await t.ctx.database.db.select().from(topupOrders).where(eq(topupOrders.id, orderId));
  if (!row) throw new Error(`order ${orderId} not found`);
  return row;
}

export async function callbacksOf(t: TestApp, orderId: string) {
  return t.ctx.database.db
    .select({
      outcome: paymentCallbacks.outcome,
      eventId: paymentCallbacks.eventId,
      signatureValid: paymentCallbacks.signatureValid,
      channel: paymentCallbacks.channel,
    })
    .from(paymentCallbacks)
    .where(eq(paymentCallbacks.orderId, orderId))
    .orderBy(paymentCallbacks.receivedAt);
}

export async function topupTransactions(t: TestApp, orderId: string): Promise<number> {
  const rows = await t.ctx.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `topup:${orderId}`));
  return rows.length;
}

export async function ledgerHealthy(t: TestApp): Promise<boolean> {
  return isHealthy(await auditLedger(t.ctx.database.db));
}

/** A Luhn-valid test card number (Visa test range). */
export const GOOD_CARD = '4111111111111111';
export const BAD_CARD = '4111111111111112';
