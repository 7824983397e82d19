/**
 * The fault campaign of issue 13 §4 (PostgreSQL only): a real server process is killed with
 * SIGKILL at random moments while top-ups, single card openings, a batch opening, recharges and
 * withdrawals are under way, then started again. Every request is retried with its own
 * Idempotency-Key until it answers a final outcome; afterwards the ledger audit is clean, no top-up
 * was credited twice, no card ledger exists without its card (nothing charged without being
 * recorded), every key answers the same outcome again, and — the processes speak to a stateful
 * card issuer, as in production — no card is live at the issuer that the portal does not know
 * (issue 29 §7: a crash between the issuer's answer and the commit left such cards).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client';
import { auditLedger, isHealthy } from './modules/ledger';
import { DEMO_ACCOUNT } from './sandbox/seed';
import type { JsonAnswer, ServerProcess } from './testing/server-processes';
import { callServer, sharedSecretKey, startServerProcess } from './testing/server-processes';
import type { TestDatabase } from './testing/test-db';
import { openTestDatabase } from './testing/test-db';
import { CLIENT_BASIC } from './testing/harness';
import type { CardIssuer } from '../../tests/production/kit/card-issuer';
import { startCardIssuer } from '../../tests/production/kit/card-issuer';

const HOLDER = {
  holderFirstName: 'Fault',
  holderLastName: 'Campaign',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};
const ROUNDS = 4;
/** The claim window of a dead process, short so a round does not wait five minutes. */
const CLAIM_MS = 1_500;
/** Single openings sent at once in each round. */
const SINGLE_OPENINGS = 5;
const ISSUER_SECRET = 'fault-campaign-issuer-secret';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const IN_PROGRESS = '相同的请求正在处理中';

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')(
  'kill -9 at random points of money operations',
  () => {
    let testDb: TestDatabase;
    let server: ServerProcess;
    let issuer: CardIssuer;
    const secretKey = sharedSecretKey();
    let generation = 0;
    const start = async () => {
      generation += 1;
      server = await startServerProcess({
        databaseUrl: testDb.url!,
        dataDir: testDb.dataDir,
        secretKey,
        name: `f${generation}`,
        env: {
          ABANDONED_CLAIM_MS: String(CLAIM_MS),
          ISSUER_API_URL: issuer.url,
          ISSUER_EVENT_SECRET: ISSUER_SECRET,
        },
      });
    };

    beforeAll(async () => {
      testDb = await openTestDatabase('postgresql');
      issuer = await startCardIssuer(ISSUER_SECRET);
      await start();
    }, 120_000);
    afterAll(async () => {
      await server.stop();
      await issuer.close();
      await testDb.dispose();
    });

    const post = (path: string, token: string, form: Record<string, string>, key?: string) =>
      callServer(server.url, path, { token, form, ...(key ? { key } : {}) });

    /** Sends until the answer is final: not a lost connection, not "still in progress". */
    async function untilFinal(send: () => Promise<JsonAnswer>): Promise<JsonAnswer> {
      for (let attempt = 0; attempt < 60; attempt++) {
        const answer = await send();
        if (answer.code !== 0 && !(answer.code === 409 && answer.msg.includes(IN_PROGRESS))) return answer;
        await sleep(250);
      }
      throw new Error('no final answer after 60 tries');
    }

    async function cnyTotal(token: string, path: string, form: Record<string, string>): Promise<string> {
      const cost = await post(path, token, form);
      expect(cost.code, cost.msg).toBe(200);
      return String(
        (cost.data.totals as { debitCurrency: string; total: number }[]).find(
          (t) => t.debitCurrency === 'CNY',
        )!.total,
      );
    }

    it('never loses or creates money, and every key ends with a final, repeatable outcome', async () => {
      const signIn = await callServer(server.url, '/api/user/loginPwd', {
        basic: CLIENT_BASIC,
        form: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      expect(signIn.code, signIn.msg).toBe(200);
      const token = signIn.data.access_token as string;
      // Money to spend, and a card to recharge and withdraw from.
      const funding = await post(
        '/api/account/recharge/qrCreate',
        token,
        { channel: 'wechat', amount: '500000' },
        'fault-fund-0001',
      );
      expect(funding.code, funding.msg).toBe(200);
      await fetch(`${server.url}/sandbox/api/orders/${funding.data.orderId}/pay`, { method: 'POST' });
      const open = { segmentId: 'visa-428837', amount: '2000', ...HOLDER, debitCurrency: 'CNY' };
      const first = await post(
        '/api/card/newCard',
        token,
        {
          ...open,
          expectTotal: await cnyTotal(token, '/api/card/openCardCost', {
            segmentId: 'visa-428837',
            amount: '2000',
          }),
        },
        'fault-card-0001',
      );
      expect(first.code, first.msg).toBe(200);
      const cardId = first.data.card.id as string;

      const final: { key: string; path: string; form: Record<string, string>; answer: JsonAnswer }[] = [];
      const orderIds: string[] = [];
      /** Requests whose connection died with the process: the campaign must really cut some. */
      let interrupted = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const openTotal = await cnyTotal(token, '/api/card/openCardCost', {
          segmentId: 'visa-428837',
          amount: '2000',
        });
        const batchTotal = await cnyTotal(token, '/api/card/BatchOpenCardCost', {
          segmentId: 'visa-428837',
          amount: '1000',
          count: '12',
        });
        const rechargeTotal = await cnyTotal(token, '/api/card/rechargeCost', { cardId, amount: '300' });
        const operations: { key: string; path: string; form: Record<string, string> }[] = [
          {
            key: `fault-topup-${round}`,
            path: '/api/account/recharge/qrCreate',
            form: { channel: 'wechat', amount: '60000' },
          },
          ...Array.from({ length: SINGLE_OPENINGS }, (_, index) => ({
            key: `fault-open-${round}-${index}`,
            path: '/api/card/newCard',
            form: { ...open, expectTotal: openTotal },
          })),
          {
            key: `fault-batch-${round}`,
            path: '/api/card/batchOpenCard',
            form: { ...open, amount: '1000', count: '12', expectTotal: batchTotal },
          },
          {
            key: `fault-recharge-${round}`,
            path: '/api/card/recharge',
            form: { cardId, amount: '300', debitCurrency: 'CNY', expectTotal: rechargeTotal },
          },
          { key: `fault-reduce-${round}`, path: '/api/card/reduce', form: { cardId, amount: '100' } },
        ];
        // Everything at once, and the process dies somewhere in the middle of it.
        const running = operations.map((op) => post(op.path, token, op.form, op.key));
        await sleep(5 + Math.floor(Math.random() * 120));
        server.crash();
        const cut = await Promise.all(running);
        interrupted += cut.filter((answer) => answer.code === 0).length;
        await sleep(CLAIM_MS + 200);
        await start();

        for (const op of operations) {
          const answer = await untilFinal(() => post(op.path, token, op.form, op.key));
          final.push({ ...op, answer });
          if (op.path.endsWith('qrCreate') && answer.code === 200) {
            orderIds.push(answer.data.orderId as string);
            // The payment's callback may itself be cut by the next crash: paying again is harmless.
            await fetch(`${server.url}/sandbox/api/orders/${answer.data.orderId}/pay`, { method: 'POST' });
          }
        }
      }

      // Every key answers its outcome again, unchanged.
      for (const op of final) {
        const again = await post(op.path, token, op.form, op.key);
        expect(again.code, `${op.key}: ${again.msg}`).toBe(op.answer.code);
        if (op.answer.code === 200 && op.answer.data?.txnNo)
          expect(again.data.txnNo).toBe(op.answer.data.txnNo);
      }
      expect(final.filter((op) => op.answer.code === 200).length).toBeGreaterThan(ROUNDS * 3);
      expect(interrupted).toBeGreaterThan(0);

      const db = testDb.database.db;
      expect(isHealthy(await auditLedger(db))).toBe(true);
      // No card ledger without its card: nothing was charged for a card that was not recorded.
      const orphans = await rowsOf<{ id: string }>(
        db,
        sql`select la.id from ledger_accounts la where la.kind = 'card'
          and not exists (select 1 from cards c where c.ledger_account_id = la.id)`,
      );
      expect(orphans).toEqual([]);
      // No top-up credited twice.
      const doubled = await rowsOf<{ reference: string }>(
        db,
        sql`select reference from ledger_transactions where reference in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          group by reference having count(*) > 1`,
      );
      expect(doubled).toEqual([]);
      // No batch is left issuing.
      const stuck = await rowsOf<{ id: string }>(
        db,
        sql`select id from card_batches where status = 'issuing'`,
      );
      expect(stuck).toEqual([]);
      // No card live at the issuer that the portal does not know, and none issued twice for a key:
      // every card the issuer made is recorded, or was cancelled.
      const known = new Set(
        (await rowsOf<{ issuer_ref: string }>(db, sql`select issuer_ref from cards`)).map(
          (row) => row.issuer_ref,
        ),
      );
      const issued = [...issuer.cards.values()];
      expect(issued.length).toBeGreaterThan(ROUNDS * SINGLE_OPENINGS);
      const unknownLive = issued.filter((card) => card.state !== 'cancelled' && !known.has(card.issuerRef));
      expect(unknownLive.map((card) => card.issuerRef)).toEqual([]);
      expect(issuer.refused).toEqual([]);
    }, 300_000);
  },
);
