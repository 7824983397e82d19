/**
 * The recharge calls, typed from the contract (src/contract/finance.ts). Reads are silent where
 * the page shows its own "could not load" line; actions let the HTTP layer report errors.
 */
import type { RequestOf, ResponseOf } from '@contract/core';
import {
  qrCreate,
  rechargeCheck,
  rechargeGetCode,
  rechargeInfo,
  rechargeStatus,
  topupAmount,
  type TopupOrder,
} from '@contract/finance';
import type { TopupChannel } from '@contract/topup-rules';
import { call } from '../../../lib/http';

export type { OrderStatus, TopupOrder } from '@contract/finance';
export type TopupLimits = ResponseOf<typeof topupAmount>;
export type Quote = ResponseOf<typeof rechargeInfo>;
export type CreateOrderInput = RequestOf<typeof qrCreate> & { channel: TopupChannel; amount: number };

export const limitsQueryKey = ['recharge', 'limits'] as const;

export function loadLimits(signal?: AbortSignal): Promise<TopupLimits> {
  return call(topupAmount, {}, { signal, silent: true });
}

export function loadQuote(channel: TopupChannel, amount: number, signal?: AbortSignal): Promise<Quote> {
  return call(rechargeInfo, { channel, amount }, { signal, silent: true });
}

/** POST recharge/qrCreate with the key of this submission (reused when the same form is retried). */
export function createOrder(input: CreateOrderInput, idempotencyKey: string): Promise<TopupOrder> {
  return call(qrCreate, input, { idempotencyKey });
}

/** The stored state of an order; silent, because the status sheet polls it. */
export function loadOrder(orderId: string): Promise<TopupOrder> {
  return call(rechargeStatus, { orderId }, { silent: true });
}

/** "I have paid": asks the channel and settles the order when it says paid. */
export function checkOrder(orderId: string): Promise<TopupOrder> {
  return call(rechargeCheck, { orderId });
}

/** Mails the code that confirms a bank-card payment. */
export function sendCardCode(): Promise<null> {
  return call(rechargeGetCode, {});
}
