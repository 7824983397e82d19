import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { signedInAccount } from '../../testing/signed-in';
import { auditLedger, isHealthy } from './audit-ledger';
import type { Op } from '../../testing/ledger-model';
import { runOp } from '../../testing/ledger-model';
import { moveMoney } from './move-money';
import { movementOf } from '../../testing/ledger-model';

// PGlite runs one transaction at a time, so only PostgreSQL can show that races are closed.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('ledger races (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('200 concurrent posts of one key move the money once', async () => {
    const me = await signedInAccount(t);
    const op: Op = { kind: 'topup', who: 0, currency: 'USD', amount: 12_345, fee: 45, key: 1 };
    const movement = movementOf(op, me.accountId, `race1:${me.accountId}`);
    const results = await Promise.all(Array.from({ length: 200 }, () => moveMoney(t.ctx, movement)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    const wallet = await t.ctx.database.db.query.ledgerAccounts.findFirst({
      where: (a, { and, eq }) => and(eq(a.accountId, me.accountId), eq(a.currency, 'USD')),
    });
    expect(wallet?.balance).toBe(12_300);
  });

  it('540 concurrent mixed movements on few wallets keep every invariant and never overdraw', async () => {
    const people = await Promise.all([0, 1, 2].map(() => signedInAccount(t)));
    const ids = people.map((p) => p.accountId);
    // Fund first so that spends compete for real money.
    for (const [i] of ids.entries())
      await runOp(
        t.ctx,
        { kind: 'topup', who: i, currency: 'CNY', amount: 1_000_000, fee: 0, key: 900 + i },
        ids,
        [],
        'race2',
      );
    const ops: Op[] = Array.from({ length: 500 }, (_, i): Op => {
      const who = i % 3;
      if (i % 5 === 0) return { kind: 'reverse', pick: i, key: i % 40 };
      if (i % 2 === 0)
        return { kind: 'spend', who, currency: 'CNY', amount: 10_000 + (i % 7) * 1_000, key: i % 120 };
      return { kind: 'topup', who, currency: 'CNY', amount: 5_000 + i, fee: i % 50, key: i % 90 };
    });
    // Twenty top-ups with keys of their own, each sent twice at once (a retried request): one of
    // each pair must post and the other replay it.
    for (let j = 0; j < 20; j++) {
      const retried: Op = {
        kind: 'topup',
        who: j % 3,
        currency: 'CNY',
        amount: 7_000 + j,
        fee: 0,
        key: 1_000 + j,
      };
      ops.push(retried, { ...retried });
    }
    const posted: string[] = [];
    const outcomes = await Promise.all(ops.map((op) => runOp(t.ctx, op, ids, posted, 'race2')));
    // All three outcomes happen: new movements, retries of a key, refusals (overdraw, key reuse).
    for (const outcome of ['posted', 'replayed', 'refused'] as const)
      expect(outcomes.filter((o) => o === outcome).length).toBeGreaterThan(0);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });
});
