import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, rowsOf } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, operationLogs } from '../../db/schema';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { fundWallet } from '../../testing/money';
import { signedInAccount } from '../../testing/signed-in';
import { auditLedger, isHealthy, moveMoney, postMovement, reverseMovement, type Movement } from './index';
import { HOUSE_SHARDS, houseFromShardCode } from './resolve-accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const actor = { ip: '203.0.113.9', device: 'test' };

function topup(accountId: string, key: string, amount: number, fee = 0): Movement {
  const legs: Movement['legs'][number][] = [
    {
      account: { house: { kind: 'clearing', name: 'wechat', currency: 'CNY' } },
      amount: -amount,
      type: 'wechat',
    },
    { account: { wallet: { accountId, currency: 'CNY' } }, amount, type: 'topup', description: 'WeChat Pay' },
  ];
  if (fee > 0)
    legs.push(
      { account: { wallet: { accountId, currency: 'CNY' } }, amount: -fee, type: 'fee', description: 'fee' },
      {
        account: { house: { kind: 'fee_income', name: 'topup', currency: 'CNY' } },
        amount: fee,
        type: 'fee',
      },
    );
  return { key, kind: 'topup', accountId, legs, actor };
}

async function balance(accountId: string, currency: string): Promise<number> {
  const wallet = await t.ctx.database.db.query.ledgerAccounts.findFirst({
    where: (a, { and, eq }) => and(eq(a.accountId, accountId), eq(a.currency, currency)),
  });
  return wallet?.balance ?? -1;
}

describe('postMovement', () => {
  it('credits the wallet, writes one flow entry per wallet leg with the balance after, and logs it', async () => {
    const me = await signedInAccount(t);
    const posted = await moveMoney(t.ctx, topup(me.accountId, `k1:${me.accountId}`, 50_000, 300));
    expect(posted.replayed).toBe(false);
    expect(await balance(me.accountId, 'CNY')).toBe(49_700);
    const flow = await t.ctx.database.db
      .select({
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        type: ledgerEntries.type,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, me.accountId))
      .orderBy(ledgerEntries.id);
    expect(flow).toEqual([
      { amount: 50_000, balanceAfter: 50_000, type: 'topup' },
      { amount: -300, balanceAfter: 49_700, type: 'fee' },
    ]);
    const logs = await t.ctx.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.accountId, me.accountId));
    expect(logs.map((l) => l.action)).toContain('ledger.topup');
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('posts a key once: the same legs again replay the first movement, other legs get 409', async () => {
    const me = await signedInAccount(t);
    const first = await moveMoney(t.ctx, topup(me.accountId, `k2:${me.accountId}`, 60_000));
    const again = await moveMoney(t.ctx, topup(me.accountId, `k2:${me.accountId}`, 60_000));
    expect(again).toMatchObject({ transactionId: first.transactionId, replayed: true });
    expect(await balance(me.accountId, 'CNY')).toBe(60_000);
    await expect(moveMoney(t.ctx, topup(me.accountId, `k2:${me.accountId}`, 70_000))).rejects.toMatchObject({
      code: 409,
    });
    expect(await balance(me.accountId, 'CNY')).toBe(60_000);
  });

  it('refuses a debit below zero with 422 and writes nothing of the movement', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'USD', 1_000);
    const before = await t.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    const spend: Movement = {
      key: `k3:${me.accountId}`,
      kind: 'card_recharge',
      accountId: me.accountId,
      legs: [
        {
          account: { wallet: { accountId: me.accountId, currency: 'USD' } },
          amount: -1_001,
          type: 'card_recharge',
        },
        {
          account: { house: { kind: 'card_funding', name: 'issuer', currency: 'USD' } },
          amount: 1_001,
          type: 'card',
        },
      ],
      actor,
    };
    await expect(moveMoney(t.ctx, spend)).rejects.toMatchObject({ code: 422 });
    expect(await balance(me.accountId, 'USD')).toBe(1_000);
    const after = await t.ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a wallet that would dip below zero part-way through its legs, even if it ends above', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'USD', 200);
    const wallet = { wallet: { accountId: me.accountId, currency: 'USD' } };
    const house = { house: { kind: 'card_funding' as const, name: 'issuer', currency: 'USD' } };
    const legs = (first: number, second: number): Movement['legs'] => [
      { account: wallet, amount: first, type: 'card_recharge' },
      { account: wallet, amount: second, type: 'card_withdraw' },
      { account: house, amount: -(first + second), type: 'card' },
    ];
    const dips = {
      key: `k3b:${me.accountId}`,
      kind: 'card_recharge' as const,
      accountId: me.accountId,
      actor,
    };
    await expect(moveMoney(t.ctx, { ...dips, legs: legs(-500, 1_000) })).rejects.toMatchObject({ code: 422 });
    expect(await balance(me.accountId, 'USD')).toBe(200);

    // The other way round never dips: each entry carries the balance after it, in the legs' order.
    const fine = await moveMoney(t.ctx, { ...dips, key: `k3c:${me.accountId}`, legs: legs(1_000, -500) });
    expect(fine.entries.map((entry) => [entry.amount, entry.balanceAfter]).slice(0, 2)).toEqual([
      [1_000, 1_200],
      [-500, 700],
    ]);
    expect(await balance(me.accountId, 'USD')).toBe(700);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('refuses unbalanced legs, zero amounts and another customer’s wallet before touching the database', async () => {
    const me = await signedInAccount(t);
    const other = await signedInAccount(t);
    const base = topup(me.accountId, `k4:${me.accountId}`, 50_000);
    await expect(moveMoney(t.ctx, { ...base, legs: base.legs.slice(1) })).rejects.toThrow(/two legs/);
    await expect(
      moveMoney(t.ctx, { ...base, legs: [base.legs[0]!, { ...base.legs[1]!, amount: 49_999 }] }),
    ).rejects.toThrow(/net to zero/);
    await expect(
      moveMoney(t.ctx, {
        ...base,
        legs: [
          { ...base.legs[0]!, amount: 0 },
          { ...base.legs[1]!, amount: 0 },
        ],
      }),
    ).rejects.toThrow(/non-zero/);
    await expect(moveMoney(t.ctx, { ...base, accountId: other.accountId })).rejects.toThrow(/own customer/);
    expect(await balance(me.accountId, 'CNY')).toBe(0);
  });
});

describe('house accounts', () => {
  it('spread over shards whose sum is the account: many top-ups, one clearing balance', async () => {
    const me = await signedInAccount(t);
    for (let i = 0; i < 20; i++)
      await moveMoney(t.ctx, topup(me.accountId, `shard${i}:${me.accountId}`, 50_000 + i, 0));
    const shards = await t.ctx.database.db.query.ledgerAccounts.findMany({
      where: (a, { like }) => like(a.code, 'clearing:wechat:CNY#%'),
    });
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.length).toBeLessThanOrEqual(HOUSE_SHARDS);
    for (const shard of shards) expect(Number(shard.code!.split('#')[1])).toBeLessThan(HOUSE_SHARDS);
    expect(houseFromShardCode(shards[0]!.code!)).toEqual({
      kind: 'clearing',
      name: 'wechat',
      currency: 'CNY',
    });
    const walletTotal = await balance(me.accountId, 'CNY');
    expect(walletTotal).toBe(20 * 50_000 + 190);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });
});

describe('transaction numbers', () => {
  it('are T, the UTC+8 time to the second and 6 random digits; a number taken that second is drawn again', async () => {
    const me = await signedInAccount(t);
    const ROLLBACK = new Error('rollback');
    // Numbers go by the second, and the clock runs: start just after a second begins, so that the
    // draws below and the movement fall in the same second.
    t.advance(1000 - (t.ctx.now().getTime() % 1000) + 20);
    const attempt = inTransaction(t.ctx.database.db, async (tx) => {
      // The same seed gives the same draw on this connection: take the number the movement would
      // draw first, then let the movement find it taken.
      const at = t.ctx.now().toISOString();
      const draw = async () => {
        await tx.execute(sql`select setseed(0.42)`);
        const [row] = await rowsOf<{ n: string }>(tx, sql`select ledger_txn_number(${at}::timestamptz) as n`);
        return row!.n;
      };
      const taken = { n: await draw() };
      expect(await draw()).toBe(taken.n);
      await tx.insert(ledgerTransactions).values({
        id: taken.n,
        kind: 'test',
        idempotencyKey: `taken:${me.accountId}`,
        requestHash: 'x',
      });
      await tx.execute(sql`select setseed(0.42)`);
      const posted = await postMovement(tx, t.ctx, topup(me.accountId, `numbered:${me.accountId}`, 50_000));
      expect(posted.transactionId).toMatch(/^T\d{20}$/);
      expect(posted.transactionId).not.toBe(taken.n);
      expect(posted.transactionId.slice(0, 15)).toBe(taken.n.slice(0, 15));
      const beijing = new Date(Date.parse(at) + 8 * 3600_000).toISOString();
      expect(posted.transactionId.slice(1, 15)).toBe(beijing.replace(/[-:T]/g, '').slice(0, 14));
      throw ROLLBACK;
    });
    await expect(attempt).rejects.toBe(ROLLBACK);
  });
});

describe('the database keeps the rules even against raw SQL', () => {
  it('refuses updates and deletes of ledger rows', async () => {
    const me = await signedInAccount(t);
    const posted = await fundWallet(t, me.accountId, 'CNY', 500);
    await expect(
      t.ctx.database.db
        .update(ledgerEntries)
        .set({ amount: 1 })
        .where(eq(ledgerEntries.transactionId, posted)),
    ).rejects.toThrow();
    await expect(
      t.ctx.database.db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, posted)),
    ).rejects.toThrow();
  });

  it('refuses entries that do not net to zero, name no transaction or account, or do not match their account', async () => {
    const me = await signedInAccount(t);
    await fundWallet(t, me.accountId, 'CNY', 500);
    const wallet = await t.ctx.database.db.query.ledgerAccounts.findFirst({
      where: (a, { and, eq }) => and(eq(a.accountId, me.accountId), eq(a.currency, 'CNY')),
    });
    let forgery = 0;
    type Forged = { amount: number; currency?: string; accountId?: string | null; ledgerAccountId?: string };
    const forge = (entries: Forged[], options: { transaction?: boolean } = {}) => {
      const id = `Tbad${++forgery}${me.accountId}`;
      return inTransaction(t.ctx.database.db, async (tx) => {
        if (options.transaction !== false)
          await tx.insert(ledgerTransactions).values({
            id,
            accountId: me.accountId,
            kind: 'forged',
            idempotencyKey: `forged:${id}`,
            requestHash: 'x',
          });
        await tx.insert(ledgerEntries).values(
          entries.map((entry) => ({
            transactionId: id,
            ledgerAccountId: entry.ledgerAccountId ?? wallet!.id,
            accountId: entry.accountId === undefined ? me.accountId : entry.accountId,
            currency: entry.currency ?? 'CNY',
            amount: entry.amount,
            balanceAfter: 600,
            type: 'topup',
          })),
        );
      }).catch((error: { cause?: Error }) => error.cause?.message);
    };
    const pair = (entry: Omit<Forged, 'amount'>) => [
      { ...entry, amount: 100 },
      { ...entry, amount: -100 },
    ];
    expect(await forge([{ amount: 100 }])).toMatch(/does not net to zero in CNY/);
    expect(await forge(pair({}), { transaction: false })).toMatch(/does not exist/);
    expect(await forge(pair({ ledgerAccountId: 'house:nothing#0' }))).toMatch(/names no ledger account/);
    expect(await forge(pair({ currency: 'USD' }))).toMatch(/does not match its account/);
    expect(await forge(pair({ accountId: null }))).toMatch(/does not match its account/);
    expect(await balance(me.accountId, 'CNY')).toBe(500);
  });

  it('keeps every ledger account: none can be removed or renamed', async () => {
    const me = await signedInAccount(t);
    const wallet = await t.ctx.database.db.query.ledgerAccounts.findFirst({
      where: (a, { eq }) => eq(a.accountId, me.accountId),
    });
    await expect(
      t.ctx.database.db.delete(ledgerAccounts).where(eq(ledgerAccounts.id, wallet!.id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.database.db
        .update(ledgerAccounts)
        .set({ id: 'renamed' })
        .where(eq(ledgerAccounts.id, wallet!.id)),
    ).rejects.toThrow();
    expect(await balance(me.accountId, wallet!.currency)).toBe(0);
  });
});

describe('the cost of a posting', () => {
  it('does not grow with the ledger, even on plans made when it was small: nothing is scanned whole', async () => {
    const me = await signedInAccount(t);
    const ROLLBACK = new Error('rollback');
    const attempt = inTransaction(t.ctx.database.db, async (tx) => {
      let key = 0;
      const post = async (times: number) => {
        for (let i = 0; i < times; i++)
          await postMovement(tx, t.ctx, topup(me.accountId, `cost${key++}:${me.accountId}`, 50_000, 300));
      };
      const seqScans = async () => {
        const [row] = await rowsOf<{ n: number }>(
          tx,
          sql`select coalesce(sum(seq_scan), 0)::int as n from pg_stat_xact_user_tables
              where relname in ('ledger_transactions', 'ledger_entries')`,
        );
        return Number(row!.n);
      };
      // PL/pgSQL keeps the plans it made on this connection while the ledger was small...
      await post(8);
      // ...then the ledger grows (as it does between two statistics runs)...
      await tx.execute(sql`
        insert into ledger_transactions (id, account_id, kind, idempotency_key, request_hash)
        select 'Thistory' || g || ${me.accountId}, ${me.accountId}, 'history', 'history:' || g || ${me.accountId}, 'x'
        from generate_series(1, 5000) as g`);
      // ...and a posting must still read it by key.
      const before = await seqScans();
      await post(4);
      expect((await seqScans()) - before).toBe(0);
      throw ROLLBACK;
    });
    await expect(attempt).rejects.toBe(ROLLBACK);
  });
});

describe('reverseMovement', () => {
  it('posts the opposite entries once, restoring every balance', async () => {
    const me = await signedInAccount(t);
    const posted = await moveMoney(t.ctx, topup(me.accountId, `k5:${me.accountId}`, 80_000, 480));
    const reverse = (key: string) =>
      inTransaction(t.ctx.database.db, (tx) =>
        reverseMovement(tx, t.ctx, {
          transactionId: posted.transactionId,
          key,
          description: 'chargeback',
          actor,
        }),
      );
    const reversal = await reverse(`rev:${posted.transactionId}`);
    expect(reversal.entries.filter((e) => e.type === 'reversal').map((e) => e.amount)).toEqual([
      480, -80_000,
    ]);
    expect(await balance(me.accountId, 'CNY')).toBe(0);
    expect((await reverse(`rev:${posted.transactionId}`)).replayed).toBe(true);
    await expect(reverse(`rev2:${posted.transactionId}`)).rejects.toMatchObject({ code: 409 });
    await expect(
      inTransaction(t.ctx.database.db, (tx) =>
        reverseMovement(tx, t.ctx, {
          transactionId: reversal.transactionId,
          key: 'x',
          description: '',
          actor,
        }),
      ),
    ).rejects.toMatchObject({ code: 422 });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('refuses to reverse a credit the customer has already spent', async () => {
    const me = await signedInAccount(t);
    const posted = await moveMoney(t.ctx, topup(me.accountId, `k6:${me.accountId}`, 50_000));
    await inTransaction(t.ctx.database.db, (tx) =>
      postMovement(tx, t.ctx, {
        key: `spend:${me.accountId}`,
        kind: 'card_recharge',
        accountId: me.accountId,
        legs: [
          {
            account: { wallet: { accountId: me.accountId, currency: 'CNY' } },
            amount: -20_000,
            type: 'card_recharge',
          },
          {
            account: { house: { kind: 'card_funding', name: 'issuer', currency: 'CNY' } },
            amount: 20_000,
            type: 'card',
          },
        ],
        actor,
      }),
    );
    await expect(
      inTransaction(t.ctx.database.db, (tx) =>
        reverseMovement(tx, t.ctx, {
          transactionId: posted.transactionId,
          key: `r:${me.accountId}`,
          description: '',
          actor,
        }),
      ),
    ).rejects.toMatchObject({ code: 422 });
    expect(await balance(me.accountId, 'CNY')).toBe(30_000);
  });
});
