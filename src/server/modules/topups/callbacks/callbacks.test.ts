import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, paymentCallbacks } from '../../../db/schema';
import type { TestApp } from '../../../testing/harness';
import { createTestApp } from '../../../testing/harness';
import type { SignedInAccount } from '../../../testing/signed-in';
import { signedInAccount } from '../../../testing/signed-in';
import type { CallbackBody } from '../../../testing/topups';
import {
  balanceOf,
  callbacksOf,
  deliver,
  eventFor,
  ledgerHealthy,
  newOrder,
  notify,
  orderRow,
  signed,
  topupTransactions,
} from '../../../testing/topups';

let t: TestApp;
let me: SignedInAccount;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInAccount(t);
});
afterAll(async () => t.close());

/** Runs `refused` against a fresh WeChat order and checks that nothing but the callback row changed. */
async function expectNothingChanges(
  refused: (
    order: Awaited<ReturnType<typeof newOrder>>,
  ) => Promise<{ status: number; body: { data: unknown } }>,
  expected: { status: number; outcome: string; signatureValid: boolean },
) {
  const order = await newOrder(t, me.token, 'wechat', 50_000);
  const before = { row: await orderRow(t, order.orderId), cny: await balanceOf(t, me.accountId, 'CNY') };
  const answer = await refused(order);
  expect(answer.status).toBe(expected.status);
  expect(answer.body.data).toEqual({ outcome: expected.outcome });
  expect(await orderRow(t, order.orderId)).toEqual(before.row);
  expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before.cny);
  expect(await topupTransactions(t, order.orderId)).toBe(0);
  // Found by the body too: a body that is not JSON names no order the server could read.
  const stored = await t.ctx.database.db
    .select({ outcome: paymentCallbacks.outcome, signatureValid: paymentCallbacks.signatureValid })
    .from(paymentCallbacks)
    .where(like(paymentCallbacks.body, `%${order.orderId}%`))
    .orderBy(paymentCallbacks.receivedAt);
  expect(stored.at(-1)).toMatchObject({ outcome: expected.outcome, signatureValid: expected.signatureValid });
  expect(await ledgerHealthy(t)).toBe(true);
  return order;
}

describe('POST /api/pay/notify/:channel', () => {
  it('a valid paid callback credits amount minus fee once, in one movement keyed by the order', async () => {
    const before = await balanceOf(t, me.accountId, 'CNY');
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    const answer = await notify(t, 'wechat', eventFor(t, order));
    expect(answer).toMatchObject({ status: 200, body: { code: 200, data: { outcome: 'credited' } } });
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(before + 49_700);
    const row = await orderRow(t, order.orderId);
    expect(row).toMatchObject({ status: 'paid', channelTxnId: expect.stringMatching(/^TX/) });
    expect(row.ledgerTransactionId).toMatch(/^T\d{20}$/);
    const entries = await t.ctx.database.db
      .select({
        amount: ledgerEntries.amount,
        type: ledgerEntries.type,
        description: ledgerEntries.description,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, row.ledgerTransactionId!))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { amount: -50_000, type: 'topup', description: '' },
      { amount: 50_000, type: 'topup', description: `wechat ${order.orderId}` },
      { amount: -300, type: 'fee', description: `wechat ${order.orderId}` },
      { amount: 300, type: 'fee', description: '' },
    ]);
    expect(await ledgerHealthy(t)).toBe(true);
  });

  it('a second valid paid callback (new event) answers 200 duplicate and credits nothing more', async () => {
    const order = await newOrder(t, me.token, 'alipay', 80_000);
    await notify(t, 'alipay', eventFor(t, order));
    const credited = await balanceOf(t, me.accountId, 'CNY');
    for (let i = 0; i < 3; i++) {
      const again = await notify(t, 'alipay', eventFor(t, order));
      expect(again).toMatchObject({ status: 200, body: { data: { outcome: 'duplicate' } } });
    }
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(credited);
    expect(await topupTransactions(t, order.orderId)).toBe(1);
    expect((await callbacksOf(t, order.orderId)).map((c) => c.outcome)).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it('a bad signature changes nothing: 401, stored as bad_signature', async () => {
    await expectNothingChanges(
      (order) => deliver(t, { ...signed(t, 'wechat', eventFor(t, order)), signature: 'ab'.repeat(32) }),
      { status: 401, outcome: 'bad_signature', signatureValid: false },
    );
    // Signed with another channel's secret.
    await expectNothingChanges(
      (order) => deliver(t, { ...signed(t, 'alipay', eventFor(t, order)), channel: 'wechat' }),
      { status: 401, outcome: 'bad_signature', signatureValid: false },
    );
    // No signature at all, or a body changed after signing.
    await expectNothingChanges(
      (order) => deliver(t, { ...signed(t, 'wechat', eventFor(t, order)), signature: '' }),
      { status: 401, outcome: 'bad_signature', signatureValid: false },
    );
    await expectNothingChanges(
      (order) => {
        const sent = signed(t, 'wechat', eventFor(t, order));
        return deliver(t, { ...sent, raw: sent.raw.replace('"amount":50000', '"amount":50001') });
      },
      { status: 401, outcome: 'bad_signature', signatureValid: false },
    );
  });

  it('a replayed event id changes nothing: 409, stored as replay', async () => {
    // The first delivery was refused (wrong amount); replaying it cannot turn into a credit.
    let sent: ReturnType<typeof signed> | undefined;
    await expectNothingChanges(
      async (order) => {
        sent = signed(t, 'wechat', eventFor(t, order, 'paid', { amount: 1 }));
        await deliver(t, sent);
        return deliver(t, sent);
      },
      { status: 409, outcome: 'replay', signatureValid: true },
    );
    // A replay of a credited event after the order is paid is also just a replay.
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    const event = signed(t, 'wechat', eventFor(t, order));
    expect((await deliver(t, event)).body.data).toEqual({ outcome: 'credited' });
    const balance = await balanceOf(t, me.accountId, 'CNY');
    expect(await deliver(t, event)).toMatchObject({ status: 409, body: { data: { outcome: 'replay' } } });
    expect(await balanceOf(t, me.accountId, 'CNY')).toBe(balance);
  });

  it('an unknown order, or an order of another channel, changes nothing: 400 unknown_order', async () => {
    await expectNothingChanges(
      (order) => notify(t, 'wechat', eventFor(t, { ...order, orderId: `${order.orderId}0` })),
      { status: 400, outcome: 'unknown_order', signatureValid: true },
    );
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    const unknown = await notify(t, 'wechat', eventFor(t, { ...order, orderId: 'R00000000000000000000' }));
    expect(unknown).toMatchObject({ status: 400, body: { data: { outcome: 'unknown_order' } } });
    await expectNothingChanges((o) => notify(t, 'alipay', eventFor(t, o)), {
      status: 400,
      outcome: 'unknown_order',
      signatureValid: true,
    });
  });

  it('a wrong amount or currency changes nothing: 400', async () => {
    await expectNothingChanges(
      (order) => notify(t, 'wechat', eventFor(t, order, 'paid', { amount: 49_999 })),
      {
        status: 400,
        outcome: 'amount_mismatch',
        signatureValid: true,
      },
    );
    await expectNothingChanges(
      (order) => notify(t, 'wechat', eventFor(t, order, 'paid', { currency: 'USD' })),
      {
        status: 400,
        outcome: 'currency_mismatch',
        signatureValid: true,
      },
    );
  });

  it('a malformed body changes nothing: 400 malformed, even when correctly signed', async () => {
    await expectNothingChanges(
      (order) => notify(t, 'wechat', `{"orderId":"${order.orderId}","status":"paid",`),
      { status: 400, outcome: 'malformed', signatureValid: true },
    );
    await expectNothingChanges(
      (order) => {
        const { channelTxnId: _dropped, ...rest } = eventFor(t, order);
        return notify(t, 'wechat', JSON.stringify(rest));
      },
      { status: 400, outcome: 'malformed', signatureValid: true },
    );
    await expectNothingChanges(
      (order) =>
        notify(t, 'wechat', { ...eventFor(t, order), status: 'refunded' } as unknown as CallbackBody),
      { status: 400, outcome: 'malformed', signatureValid: true },
    );
  });

  it('an unknown channel is refused and stored', async () => {
    const res = await t.raw('/api/pay/notify/paypal', { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ outcome: 'unknown_channel' });
  });

  it('answers in the envelope, in the language asked for', async () => {
    const order = await newOrder(t, me.token, 'wechat', 50_000);
    const sent = signed(t, 'wechat', eventFor(t, order));
    const res = await t.raw('/api/pay/notify/wechat', {
      method: 'POST',
      headers: { 'x-signature': sent.signature, 'accept-language': 'en' },
      body: sent.raw,
    });
    expect(await res.json()).toEqual({
      code: 200,
      msg: 'Payment received, the wallet is credited',
      data: { outcome: 'credited' },
      path: '/api/pay/notify/wechat',
    });
  });
});
