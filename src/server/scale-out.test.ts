/**
 * Scale-out (issue 19, PostgreSQL only): three real server processes on one database. Top-ups,
 * card actions and sign-ins are spread across them, callbacks and retries land on a different
 * process than the request that started them, and one process is killed with SIGKILL while requests
 * are under way. Afterwards the ledger audit is clean, every top-up is credited exactly once, every
 * idempotency key answers the same outcome from every process, and each background job ran once per
 * period across the three, not once per process.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from './db/schema';
import { SWEEP_EVERY_MS } from './modules/topups/orders/sweep-orders';
import { auditLedger, isHealthy } from './modules/ledger';
import { DEMO_ACCOUNT } from './sandbox/seed';
import type { JsonAnswer, ServerProcess } from './testing/server-processes';
import { callServer, sharedSecretKey, startServerProcess } from './testing/server-processes';
import type { TestDatabase } from './testing/test-db';
import { openTestDatabase } from './testing/test-db';
import { CLIENT_BASIC } from './testing/harness';

const HOLDER = {
  holderFirstName: 'Scale',
  holderLastName: 'Out',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};
const ORDERS = 12;
const CARD_ACTIONS = 16;

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('three server processes on one PostgreSQL', () => {
  let testDb: TestDatabase;
  const secretKey = sharedSecretKey();
  const servers: ServerProcess[] = [];
  const start = (name: string) =>
    startServerProcess({ databaseUrl: testDb.url!, dataDir: testDb.dataDir, secretKey, name });

  beforeAll(async () => {
    testDb = await openTestDatabase('postgresql');
    servers.push(await start('p0')); // seeds the demo account first
    servers.push(...(await Promise.all([start('p1'), start('p2')])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await testDb.dispose();
  });

  const on = (i: number) => servers[i % servers.length]!.url;
  const signIn = async (i: number): Promise<string> => {
    const answer = await callServer(on(i), '/api/user/loginPwd', {
      basic: CLIENT_BASIC,
      form: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.access_token as string;
  };
  const walletCny = async (i: number, token: string): Promise<number> =>
    (await callServer(on(i), '/api/user/wallet', { token })).data.CNY as number;

  it('keeps the money exact through spread requests, retries on other processes and a kill -9', async () => {
    const startedAt = Date.now();
    // A session made on one process is valid on every other one (sessions live in the database).
    const tokens = await Promise.all([0, 1, 2].map(signIn));
    for (const [i, token] of tokens.entries())
      expect((await callServer(on(i + 1), '/api/user/info', { token })).code).toBe(200);
    const token = tokens[0]!;

    // Top-ups: created on one process, paid on the next, the same callback replayed on a third. The
    // third process is killed while the second half of the payments is under way.
    const orders: { orderId: string; credit: number }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const created = await callServer(on(i), '/api/account/recharge/qrCreate', {
        token,
        form: { channel: 'wechat', amount: String(50_000 + i * 100) },
      });
      expect(created.code, created.msg).toBe(200);
      orders.push({ orderId: created.data.orderId as string, credit: created.data.credit as number });
    }
    const pay = (i: number, orderId: string) =>
      callServer(on(i), `/sandbox/api/orders/${encodeURIComponent(orderId)}/pay`, { form: {} });
    await Promise.all(
      orders.slice(0, ORDERS / 2).flatMap((o, i) => [pay(i + 1, o.orderId), pay(i + 2, o.orderId)]),
    );
    const late = orders.slice(ORDERS / 2).flatMap((o, i) => [pay(i + 1, o.orderId), pay(i + 2, o.orderId)]);
    servers[2]!.crash();
    await Promise.all(late);
    servers[2] = await start('p2-restarted');
    // Whatever the killed process left unanswered is paid again; a replay credits nothing twice.
    await Promise.all(orders.map((o, i) => pay(i, o.orderId)));
    for (const [i, order] of orders.entries()) {
      const status = await callServer(on(i), '/api/account/recharge/status', {
        token,
        query: { orderId: order.orderId },
      });
      expect(status.data.status).toBe('paid');
    }
    const credited = orders.reduce((sum, o) => sum + o.credit, 0);
    for (const i of [0, 1, 2]) expect(await walletCny(i, token)).toBe(credited);

    // A card opened on one process; the same key sent to another answers the same card and charge.
    const cost = await callServer(on(0), '/api/card/openCardCost', {
      token,
      form: { segmentId: 'visa-428837', amount: '2000' },
    });
    expect(cost.code, cost.msg).toBe(200);
    const cny = (cost.data.totals as { debitCurrency: string; total: number }[]).find(
      (t) => t.debitCurrency === 'CNY',
    )!;
    const openForm = {
      segmentId: 'visa-428837',
      amount: '2000',
      ...HOLDER,
      debitCurrency: 'CNY',
      expectTotal: String(cny.total),
    };
    const opened = await callServer(on(0), '/api/card/newCard', {
      token,
      form: openForm,
      key: 'scale-open-1',
    });
    expect(opened.code, opened.msg).toBe(200);
    const reopened = await callServer(on(1), '/api/card/newCard', {
      token,
      form: openForm,
      key: 'scale-open-1',
    });
    expect(reopened.data.card.id).toBe(opened.data.card.id);
    expect(reopened.data.txnNo).toBe(opened.data.txnNo);
    const cardId = opened.data.card.id as string;

    // Recharges and withdrawals at once on all three, each key retried on another process.
    const action = async (i: number): Promise<[JsonAnswer, JsonAnswer]> => {
      const key = `scale-card-${i}`;
      if (i % 2 === 0) {
        const quote = await callServer(on(i), '/api/card/rechargeCost', {
          token,
          form: { cardId, amount: '300' },
        });
        const total = (quote.data.totals as { debitCurrency: string; total: number }[]).find(
          (t) => t.debitCurrency === 'CNY',
        )!.total;
        const form = { cardId, amount: '300', debitCurrency: 'CNY', expectTotal: String(total) };
        const first = await callServer(on(i), '/api/card/recharge', { token, form, key });
        return [first, await callServer(on(i + 1), '/api/card/recharge', { token, form, key })];
      }
      const form = { cardId, amount: '100' };
      const first = await callServer(on(i), '/api/card/reduce', { token, form, key });
      return [first, await callServer(on(i + 2), '/api/card/reduce', { token, form, key })];
    };
    const answers = await Promise.all(Array.from({ length: CARD_ACTIONS }, (_, i) => action(i)));
    for (const [first, retry] of answers) {
      expect(first.code, first.msg).toBe(200);
      expect(retry.code).toBe(first.code);
      expect(retry.data.txnNo).toBe(first.data.txnNo);
    }
    const card = await callServer(on(2), '/api/card/getCardBalance', { token, form: { cardId } });
    expect(card.data.balance).toBe(2000 + (CARD_ACTIONS / 2) * (300 - 100));

    expect(isHealthy(await auditLedger(testDb.database.db))).toBe(true);

    // The sweeper ran once per period across the three processes: three timers would have run it
    // about three times as often.
    const [sweep] = await testDb.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'topup-sweep'));
    const periods = (Date.now() - startedAt) / SWEEP_EVERY_MS;
    expect(sweep!.runs).toBeLessThanOrEqual(Math.floor(periods) + 2);
    // The hourly purge: once, although four processes started within the hour.
    const [purge] = await testDb.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'purge-expired'));
    expect(purge!.runs).toBe(1);
  }, 240_000);
});
