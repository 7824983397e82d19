/**
 * Money set-up through the real API for end-to-end tests: a WeChat top-up paid in the payment
 * simulator, and a card opened from the CNY wallet, as the PWA would send them.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Tokens } from './fixtures';
import { expect } from './fixtures';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let keySequence = 0;
function idempotencyKey(): string {
  keySequence += 1;
  return `e2e-money-${Date.now().toString(36)}-${process.pid}-${keySequence}`;
}

export async function fundCny(request: APIRequestContext, tokens: Tokens, yuan: number): Promise<void> {
  const created = (await (
    await request.post('/api/account/recharge/qrCreate', {
      headers: { authorization: `Bearer ${tokens.access_token}`, 'idempotency-key': idempotencyKey() },
      form: { channel: 'wechat', amount: String(yuan * 100) },
    })
  ).json()) as Envelope<{ orderId: string }>;
  expect(created.code, JSON.stringify(created)).toBe(200);
  expect((await request.post(`/sandbox/api/orders/${created.data.orderId}/pay`)).ok()).toBe(true);
}

/** Opens one card from the CNY wallet at the quoted total, as the PWA does; answers the new card. */
export async function openCard<Card = { id: string; serial: string; last4: string }>(
  request: APIRequestContext,
  tokens: Tokens,
  dollars = 10,
  /** More fields of the opening (a `label`, a group). */
  extra: Record<string, string> = {},
): Promise<Card> {
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const order = { segmentId: 'visa-428837', amount: String(dollars * 100) };
  const cost = (await (
    await request.post('/api/card/openCardCost', { headers: auth, form: order })
  ).json()) as Envelope<{
    totals: { debitCurrency: string; total: number }[];
  }>;
  const cny = cost.data.totals.find((t) => t.debitCurrency === 'CNY')!;
  const opened = (await (
    await request.post('/api/card/newCard', {
      headers: { ...auth, 'idempotency-key': idempotencyKey() },
      form: {
        ...order,
        debitCurrency: 'CNY',
        expectTotal: String(cny.total),
        holderFirstName: 'Ada',
        holderLastName: 'Lovelace',
        street: '1 Market St',
        city: 'San Francisco',
        state: 'CA',
        postcode: '94105',
        ...extra,
      },
    })
  ).json()) as Envelope<{ card: Card }>;
  expect(opened.code, JSON.stringify(opened)).toBe(200);
  return opened.data.card;
}
