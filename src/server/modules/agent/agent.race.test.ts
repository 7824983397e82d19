import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBalances, agentCommissions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { accrueFees } from './commissions/accrue-fees';
import { expectBooksHealthy, invitedPair, payFee, TEST_ACTOR } from '../../testing/agent';
import { HOLD_MS } from './agent-rules';
import { releaseCommissions } from './commissions/release-commissions';
import { withdrawToWallet } from './withdrawals/withdraw-to-wallet';

// PGlite runs one transaction at a time, so only PostgreSQL can show that races are closed.
describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('agent races (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('50 concurrent withdrawals of one available balance never overdraw it', async () => {
    const { agent, invitee } = await invitedPair(t);
    await payFee(t, invitee.accountId, 'topup', 'CNY', 50_000); // 20 % -> 10 000 available
    await accrueFees(t.ctx);
    t.advance(HOLD_MS);
    await releaseCommissions(t.ctx);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        withdrawToWallet(t.ctx, agent.accountId, { currency: 'CNY', amount: 700 }, null, TEST_ACTOR),
      ),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    // 10 000 / 700 = 14 withdrawals fit; every other one is a clean 422.
    expect(done).toHaveLength(14);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
    const [balance] = await t.ctx.database.db
      .select()
      .from(agentBalances)
      .where(and(eq(agentBalances.accountId, agent.accountId), eq(agentBalances.currency, 'CNY')));
    expect(balance).toMatchObject({ available: 200, withdrawn: 9_800 });
    await expectBooksHealthy(t.ctx);
  });

  it('jobs running in several processes at once accrue and release each commission once', async () => {
    const { agent, invitee } = await invitedPair(t);
    for (let i = 0; i < 20; i++) await payFee(t, invitee.accountId, 'card_recharge', 'USD', 1_000);
    await Promise.all(Array.from({ length: 6 }, () => accrueFees(t.ctx)));
    t.advance(HOLD_MS);
    await Promise.all(Array.from({ length: 6 }, () => releaseCommissions(t.ctx)));
    const lines = await t.ctx.database.db
      .select()
      .from(agentCommissions)
      .where(eq(agentCommissions.agentAccountId, agent.accountId));
    expect(lines).toHaveLength(20);
    expect(lines.every((line) => line.status === 'available')).toBe(true);
    const [balance] = await t.ctx.database.db
      .select()
      .from(agentBalances)
      .where(and(eq(agentBalances.accountId, agent.accountId), eq(agentBalances.currency, 'USD')));
    expect(balance).toMatchObject({ available: 20 * 200, pending: 0 });
    await expectBooksHealthy(t.ctx);
  });
});
