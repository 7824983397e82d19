/**
 * Random sequences of top-up events across a few orders and two accounts: creations (with and
 * without Idempotency-Key), valid payments and failures, duplicates, replays, forged or wrong
 * callbacks, time passing (expiry, USDT confirmation), simulator confirmations, status and check
 * calls by the owner and by someone else. After every step the ledger is healthy, each wallet holds
 * exactly the credits of its paid orders minus their fees, every order moved only along the state
 * machine, and every refused event changed nothing at all.
 */
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus, TopupOrder } from '../../../contract/finance';
import { qrCreate, rechargeCheck, rechargeStatus } from '../../../contract/finance';
import { CHANNEL_RULES } from '../../../contract/topup-rules';
import { ledgerAccounts, ledgerTransactions, topupOrders } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import type { SignedInAccount } from '../../testing/signed-in';
import { signedInAccount } from '../../testing/signed-in';
import { isDue } from './orders/advance-order';
import type { OrderRow } from './order-rows';
import { ORDER_TRANSITIONS } from './orders/order-states';
import type { Sent } from '../../testing/topups';
import { deliver, eventFor, ledgerHealthy, signed } from '../../testing/topups';

const CHANNELS = ['wechat', 'alipay', 'unionpay', 'usdt_trc20'] as const;
type Channel = (typeof CHANNELS)[number];

type Step =
  | { kind: 'create'; who: number; channel: Channel; extra: number; key: number | null }
  | { kind: 'pay'; pick: number; variant: 'exact' | 'wrongAmount' | 'wrongCurrency' | 'badSignature' }
  | { kind: 'fail'; pick: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'expire' }
  | { kind: 'wait'; minutes: number }
  | { kind: 'confirm'; pick: number }
  | { kind: 'look'; pick: number; via: 'status' | 'check'; owner: boolean };

const pick = fc.nat(1000);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      who: fc.nat(1),
      channel: fc.constantFrom(...CHANNELS),
      extra: fc.nat(30_000),
      key: fc.option(fc.nat(2), { nil: null }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      pick,
      variant: fc.constantFrom(
        'exact' as const,
        'exact' as const,
        'wrongAmount' as const,
        'wrongCurrency' as const,
        'badSignature' as const,
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fail' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 6 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('look' as const),
      pick,
      via: fc.constantFrom('status' as const, 'check' as const),
      owner: fc.boolean(),
    }),
  },
);

/** Every status reachable from `from` in zero or more moves. */
function reachable(from: OrderStatus): Set<OrderStatus> {
  const seen = new Set<OrderStatus>([from]);
  for (const status of seen) for (const next of ORDER_TRANSITIONS[status]) seen.add(next);
  return seen;
}

let t: TestApp;
beforeAll(async () => {
  // Hours pass in these runs: keep the sessions alive meanwhile.
  t = await createTestApp({ ACCESS_TOKEN_TTL: 365 * 24 * 3600, SESSION_IDLE_TTL: 365 * 24 * 3600 });
});
afterAll(async () => t.close());

interface Run {
  people: SignedInAccount[];
  orders: { orderId: string; who: number; channel: Channel }[];
  keys: Map<string, { channel: Channel; amount: number; orderId: string }>;
  sent: Sent[];
  last: Map<string, OrderStatus>;
}

async function rowsOf(run: Run): Promise<Map<string, OrderRow>> {
  if (run.orders.length === 0) return new Map();
  const rows = await t.ctx.database.db
    .select()
    .from(topupOrders)
    .where(
      inArray(
        topupOrders.id,
        run.orders.map((o) => o.orderId),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}

async function walletsOf(run: Run): Promise<Record<string, number>> {
  const rows = await t.ctx.database.db
    .select({
      accountId: ledgerAccounts.accountId,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.accountId,
        run.people.map((p) => p.accountId),
      ),
    );
  return Object.fromEntries(rows.map((r) => [`${r.accountId}:${r.currency}`, r.balance]));
}

async function snapshot(run: Run) {
  return { rows: await rowsOf(run), wallets: await walletsOf(run) };
}

async function checkInvariants(run: Run): Promise<void> {
  expect(await ledgerHealthy(t)).toBe(true);
  const rows = await rowsOf(run);
  const wallets = await walletsOf(run);
  const expected: Record<string, number> = {};
  for (const p of run.people) expected[`${p.accountId}:CNY`] = expected[`${p.accountId}:USD`] = 0;
  for (const row of rows.values())
    if (row.status === 'paid') expected[`${row.accountId}:${row.currency}`]! += row.amount - row.fee;
  expect(wallets).toEqual(expected);
  for (const balance of Object.values(wallets)) expect(balance).toBeGreaterThanOrEqual(0);
  const keys = run.orders.map((o) => `topup:${o.orderId}`);
  const posted = keys.length
    ? await t.ctx.database.db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.idempotencyKey, keys))
    : [];
  const postedKeys = posted.map((p) => p.key);
  for (const row of rows.values()) {
    const count = postedKeys.filter((k) => k === `topup:${row.id}`).length;
    expect({ order: row.id, status: row.status, movements: count }).toEqual({
      order: row.id,
      status: row.status,
      movements: row.status === 'paid' ? 1 : 0,
    });
    if (row.status === 'paid') expect(row.ledgerTransactionId).not.toBeNull();
    const before = run.last.get(row.id) ?? 'pending';
    expect(reachable(before).has(row.status), `${row.id}: ${before} -> ${row.status}`).toBe(true);
    run.last.set(row.id, row.status);
  }
}

/** The status time alone gives an order now, or null when it sits too close to `confirm_at` to tell. */
function effective(row: OrderRow, now: Date): OrderStatus | null {
  if (
    row.status === 'confirming' &&
    row.confirmAt &&
    Math.abs(row.confirmAt.getTime() - now.getTime()) < 2_000
  )
    return null;
  if (!isDue(row, now)) return row.status;
  return row.status === 'pending' ? 'expired' : 'paid';
}

async function unchanged(run: Run, before: Awaited<ReturnType<typeof snapshot>>): Promise<void> {
  expect(await snapshot(run)).toEqual(before);
}

async function step(run: Run, s: Step): Promise<void> {
  if (s.kind === 'expire') return t.advance(16 * 60_000);
  if (s.kind === 'wait') return t.advance(s.minutes * 60_000);
  if (s.kind === 'create') return create(run, s);
  if (s.kind === 'replay') {
    if (run.sent.length === 0) return;
    const before = await snapshot(run);
    const answer = await deliver(t, run.sent[s.pick % run.sent.length]!);
    expect(answer).toMatchObject({ status: 409, body: { data: { outcome: 'replay' } } });
    return unchanged(run, before);
  }
  if (run.orders.length === 0) return;
  const target = run.orders[s.pick % run.orders.length]!;
  const before = await snapshot(run);
  const row = before.rows.get(target.orderId)!;
  const now = t.ctx.now();
  const was = effective(row, now);
  const order = { orderId: row.id, amount: row.amount, currency: row.currency };

  if (s.kind === 'pay' && s.variant !== 'exact') {
    const body =
      s.variant === 'wrongAmount'
        ? eventFor(t, order, 'paid', { amount: row.amount + 1 })
        : eventFor(t, order, 'paid', { currency: row.currency === 'CNY' ? 'USD' : 'CNY' });
    let sent = signed(t, target.channel, body);
    if (s.variant === 'badSignature') sent = { ...sent, signature: signed(t, 'bank_card', body).signature };
    else run.sent.push(sent);
    const answer = await deliver(t, sent);
    const outcome = {
      wrongAmount: 'amount_mismatch',
      wrongCurrency: 'currency_mismatch',
      badSignature: 'bad_signature',
    }[s.variant];
    expect(answer).toMatchObject({
      status: s.variant === 'badSignature' ? 401 : 400,
      body: { data: { outcome } },
    });
    return unchanged(run, before);
  }

  if (s.kind === 'pay' || s.kind === 'fail') {
    const sent = signed(t, target.channel, eventFor(t, order, s.kind === 'pay' ? 'paid' : 'failed'));
    run.sent.push(sent);
    const answer = await deliver(t, sent);
    if (was === null) return; // confirmation boundary: either outcome is right
    const after = (await rowsOf(run)).get(row.id)!.status;
    const usdt = target.channel === 'usdt_trc20';
    if (s.kind === 'pay') {
      if (was === 'pending' || was === 'expired') {
        expect(answer.body.data).toEqual({
          outcome: was === 'expired' ? 'late' : usdt ? 'confirming' : 'credited',
        });
        expect(after).toBe(usdt ? 'confirming' : 'paid');
      } else if (was === 'failed') {
        expect(answer).toMatchObject({ status: 409, body: { data: { outcome: 'illegal_transition' } } });
        expect(after).toBe('failed');
      } else {
        expect(answer.body.data).toEqual({ outcome: 'duplicate' });
        expect(after).toBe(was);
      }
    } else if (was === 'pending') {
      expect(answer.body.data).toEqual({ outcome: 'failed' });
      expect(after).toBe('failed');
    } else {
      expect(answer.body.data).toEqual({ outcome: was === 'failed' ? 'duplicate' : 'illegal_transition' });
      expect(after).toBe(was);
    }
    return;
  }

  if (s.kind === 'confirm') {
    const res = await t.raw(`/sandbox/api/orders/${row.id}/confirm`, { method: 'POST' });
    if (row.status === 'confirming') {
      expect(res.status).toBe(200);
      expect((await rowsOf(run)).get(row.id)!.status).toBe('paid');
    } else {
      expect(res.status).toBe(409);
      await unchanged(run, before);
    }
    return;
  }

  // look: status or check, by the owner or by the other account
  const owner = run.people[target.who]!;
  const stranger = run.people[1 - target.who]!;
  const def = s.via === 'status' ? rechargeStatus : rechargeCheck;
  const answer = await t.api(def, { orderId: row.id }, { token: (s.owner ? owner : stranger).token });
  if (!s.owner) {
    expect(answer.status).toBe(404);
    return unchanged(run, before);
  }
  expect(answer.status).toBe(200);
  if (was !== null) expect((answer.body.data as TopupOrder).status).toBe(was);
}

async function create(run: Run, s: Extract<Step, { kind: 'create' }>): Promise<void> {
  const me = run.people[s.who]!;
  const amount = CHANNEL_RULES[s.channel].minAmount + s.extra;
  const key = s.key === null ? null : `prop-key-${s.key}`;
  const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
  const answer = await t.api(qrCreate, { channel: s.channel, amount }, { token: me.token, headers });
  const earlier = key ? run.keys.get(`${s.who}:${key}`) : undefined;
  if (earlier && (earlier.channel !== s.channel || earlier.amount !== amount)) {
    expect(answer.status).toBe(409);
    return;
  }
  expect(answer.status).toBe(200);
  const order = answer.body.data as TopupOrder;
  if (earlier) {
    expect(order.orderId).toBe(earlier.orderId);
    return;
  }
  run.orders.push({ orderId: order.orderId, who: s.who, channel: s.channel });
  if (key) run.keys.set(`${s.who}:${key}`, { channel: s.channel, amount, orderId: order.orderId });
}

describe('top-up orders under random event sequences', () => {
  it('keep the ledger healthy and every wallet equal to its paid orders minus fees', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const run: Run = {
          people: [await signedInAccount(t), await signedInAccount(t)],
          orders: [],
          keys: new Map(),
          sent: [],
          last: new Map(),
        };
        for (const s of steps) {
          await step(run, s);
          await checkInvariants(run);
        }
      }),
      { numRuns: 40 },
    );
  }, 600_000);
});
