/**
 * The payment simulator (demo mode only): lists open top-up orders and plays the channel. Pay and
 * Fail build the body a channel would send, sign it with the channel's secret and post it to the
 * app's own callback route, so the simulator exercises exactly the path of a real channel.
 * "Confirm now" fast-forwards a USDT payment through its chain confirmation; "Expire now" runs out
 * the time to pay of a pending order.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Envelope } from '../../contract/core';
import type { AppContext } from '../context';
import { inTransaction } from '../db/client';
import { accounts, topupOrders } from '../db/schema';
import { newId, randomDigits } from '../lib/crypto';
import { SIGNATURE_HEADER, signBody } from '../providers/payments/signature';
import type { Actor } from '../modules/ledger';
import { advanceOrderWith } from '../modules/topups/orders/advance-order';
import type { OrderRow } from '../modules/topups/order-rows';
import { findOrder, lockOrder } from '../modules/topups/order-rows';
import { OPEN_STATUSES } from '../modules/topups/orders/order-states';

export interface SimulatorOrder {
  orderId: string;
  account: string;
  channel: OrderRow['channel'];
  currency: string;
  amount: number;
  fee: number;
  status: OrderRow['status'];
  address: string | null;
  cardLast4: string | null;
  expiresAt: string;
  confirmAt: string | null;
  createdAt: string;
}

export class SimulatorError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const LIST_LIMIT = 100;

/** Open orders (pending, confirming), newest first; `account` narrows them to one e-mail. */
export async function listOpenOrders(ctx: AppContext, account?: string): Promise<SimulatorOrder[]> {
  const email = account?.trim().toLowerCase();
  const rows = await ctx.database.db
    .select({ order: topupOrders, email: accounts.email })
    .from(topupOrders)
    .innerJoin(accounts, eq(accounts.id, topupOrders.accountId))
    .where(
      and(inArray(topupOrders.status, [...OPEN_STATUSES]), email ? eq(accounts.email, email) : undefined),
    )
    .orderBy(desc(topupOrders.createdAt), desc(topupOrders.id))
    .limit(LIST_LIMIT);
  return rows.map(({ order, email: owner }) => ({
    orderId: order.id,
    account: owner,
    channel: order.channel,
    currency: order.currency,
    amount: order.amount,
    fee: order.fee,
    status: order.status,
    address: order.address,
    cardLast4: order.cardLast4,
    expiresAt: order.expiresAt.toISOString(),
    confirmAt: order.confirmAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
  }));
}

export interface CallbackSent {
  /** HTTP status of the callback route's answer. */
  status: number;
  answer: Envelope<{ outcome: string } | null>;
}

/** Sends the channel's signed callback for an order; `amount` (minor units) simulates a wrong one. */
export async function sendChannelCallback(
  app: Hono,
  ctx: AppContext,
  orderId: string,
  status: 'paid' | 'failed',
  amount?: number,
): Promise<CallbackSent> {
  const order = await findOrder(ctx.database.db, orderId);
  if (!order) throw new SimulatorError(404, 'no such order');
  const body = JSON.stringify({
    eventId: `sbx-${newId()}`,
    orderId: order.id,
    status,
    amount: amount ?? order.amount,
    currency: order.currency,
    channelTxnId: `SBX${randomDigits(16)}`,
    occurredAt: ctx.now().toISOString(),
  });
  const res = await app.request(`/api/pay/notify/${order.channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en', // the simulator page is in English
      [SIGNATURE_HEADER]: signBody(ctx.payments.channelSecret(order.channel), body),
    },
    body,
  });
  return { status: res.status, answer: (await res.json()) as CallbackSent['answer'] };
}

const SIMULATOR: Actor = { ip: 'sandbox', device: 'payment-simulator' };

/** The chain confirms a USDT payment now instead of at `confirm_at`; the order is credited. */
export function confirmNow(ctx: AppContext, orderId: string): Promise<OrderRow> {
  return bringForward(ctx, orderId, 'confirming');
}

/** The customer's time to pay runs out now instead of at `expires_at`; the order expires. */
export function expireNow(ctx: AppContext, orderId: string): Promise<OrderRow> {
  return bringForward(ctx, orderId, 'pending');
}

/**
 * Moves the moment time acts on a waiting order (`confirm_at` of a confirming one, `expires_at` of a
 * pending one) to now, and lets time act, under the order's lock.
 */
function bringForward(
  ctx: AppContext,
  orderId: string,
  waiting: 'confirming' | 'pending',
): Promise<OrderRow> {
  return inTransaction(ctx.database.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new SimulatorError(404, 'no such order');
    if (order.status !== waiting)
      throw new SimulatorError(409, `the order is ${order.status}, not ${waiting}`);
    const now = ctx.now();
    await tx
      .update(topupOrders)
      .set(waiting === 'confirming' ? { confirmAt: now, updatedAt: now } : { expiresAt: now, updatedAt: now })
      .where(eq(topupOrders.id, orderId));
    await advanceOrderWith(tx, ctx, orderId, SIMULATOR);
    return (await findOrder(tx, orderId))!;
  });
}
