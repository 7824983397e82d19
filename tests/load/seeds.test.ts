/**
 * The benchmark's bulk seeds keep every rule of the ledger. The benchmark refuses to measure on a
 * seed the audit finds broken, so a rule added to the audit later (as the agent programme's
 * sub-ledger check was) must be met by the seeds too, or `npm run bench` cannot start: this test
 * says so in the test run instead.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/server/db/schema';
import { auditLedger } from '../../src/server/modules/ledger';
import { DEMO_ACCOUNT, seedDemoData } from '../../src/server/sandbox/seed';
import type { TestApp } from '../../src/server/testing/harness';
import { createTestApp } from '../../src/server/testing/harness';
import { seedCards } from './cards-bench';
import { seedFlowHistory } from './flows-seed';

describe('benchmark seeds', () => {
  let t: TestApp;
  let demoId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.ctx);
    const [demo] = await t.ctx.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, DEMO_ACCOUNT.email));
    demoId = demo!.id;
  });
  afterAll(() => t.close());

  it('a flow history and a chunk of cards leave a ledger the audit finds clean', async () => {
    await seedFlowHistory(t.ctx.database, demoId, 400, 100);
    await seedCards(t.ctx, demoId, 500);
    const problems = await auditLedger(t.ctx.database.db);
    for (const [rule, found] of Object.entries(problems)) expect(found, rule).toEqual([]);
  }, 120_000);
});
