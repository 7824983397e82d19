import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/harness';
import { createTestApp } from '../../testing/harness';
import { signedInAccount } from '../../testing/signed-in';
import { auditLedger } from './audit-ledger';
import { opArb, runOp } from '../../testing/ledger-model';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Sum of each wallet's entries, from the entries alone (not from the stored balance). */
async function walletSums(accountIds: readonly string[]): Promise<Map<string, number>> {
  const result = (await t.ctx.database.db.execute(sql`
    select a.account_id || ':' || a.currency as id, coalesce(sum(e.amount), 0)::bigint as sum
    from ledger_accounts a left join ledger_entries e on e.ledger_account_id = a.id
    where a.kind = 'wallet' and a.account_id in (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by a.account_id, a.currency`)) as unknown as { rows: { id: string; sum: string | number }[] };
  return new Map(result.rows.map((row) => [row.id, Number(row.sum)]));
}

describe('the ledger under random sequences of top-ups, retries, spends and reversals', () => {
  it('keeps every invariant after every step', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        run += 1;
        const people = [await signedInAccount(t), await signedInAccount(t)];
        const ids = people.map((p) => p.accountId);
        const posted: string[] = [];
        for (const op of ops) {
          await runOp(t.ctx, op, ids, posted, `prop${run}:${ids[0]}`);
          const problems = await auditLedger(t.ctx.database.db);
          expect(problems).toEqual({
            unbalancedTransactions: [],
            balanceNotSumOfEntries: [],
            balanceNotLastBalanceAfter: [],
            negativeWallets: [],
            cardCopyNotBalance: [],
            rebateNotAgentBalances: [],
          });
          for (const sum of (await walletSums(ids)).values()) expect(sum).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 12 },
    );
  });
});
