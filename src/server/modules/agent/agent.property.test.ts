import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBalances } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TestApp } from '../../testing/harness';
import { createTestApp, uniqueEmail } from '../../testing/harness';
import { signedInAccount } from '../../testing/signed-in';
import { accrueFees } from './commissions/accrue-fees';
import { addBankCard } from './bank-cards/add-bank-card';
import { expectBooksHealthy, inviteeOf, payFee, refundFee, TEST_ACTOR } from '../../testing/agent';
import { releaseCommissions } from './commissions/release-commissions';
import { settlePayout } from './payouts/settle-payout';
import { withdrawToBankCard } from './withdrawals/withdraw-to-bank-card';
import { withdrawToWallet } from './withdrawals/withdraw-to-wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Op =
  | { kind: 'fee'; who: 0 | 1; feeType: 'topup' | 'card_open' | 'card_recharge'; amount: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'days'; days: number }
  | { kind: 'wallet'; amount: number }
  | { kind: 'bank'; amount: number }
  | { kind: 'settle'; pick: number; paid: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('fee' as const),
    who: fc.constantFrom(0 as const, 1 as const),
    feeType: fc.constantFrom('topup' as const, 'card_open' as const, 'card_recharge' as const),
    amount: fc.integer({ min: 1, max: 200_000 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('wallet' as const), amount: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ kind: fc.constant('bank' as const), amount: fc.integer({ min: 5_000, max: 60_000 }) }),
  fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(), paid: fc.boolean() }),
);

/** A refusal the rules are meant to give (not enough, below the minimum, ...): the op is a no-op. */
async function allowRefusal(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 422) throw error;
  }
}

describe('the agent programme under random fees, refunds, releases and withdrawals', () => {
  it('keeps the ledger balanced, the sub-ledger equal to it, and available never negative', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
        run += 1;
        const agent = await signedInAccount(t, uniqueEmail(`prop${run}`));
        const invitees = [await inviteeOf(t, agent.accountId), await inviteeOf(t, agent.accountId)];
        const card = await addBankCard(t.ctx, agent.accountId, {
          holder: 'Prop',
          bank: 'Bank',
          cardNo: '4111111111111111',
        });
        const fees: string[] = [];
        const requested: string[] = [];
        for (const op of ops) {
          if (op.kind === 'fee') {
            fees.push(await payFee(t, invitees[op.who]!.accountId, op.feeType, 'CNY', op.amount));
          } else if (op.kind === 'refund' && fees.length > 0) {
            const [txn] = fees.splice(op.pick % fees.length, 1);
            await refundFee(t.ctx, txn!);
          } else if (op.kind === 'days') {
            t.advance(op.days * 24 * 3600_000);
            await releaseCommissions(t.ctx);
          } else if (op.kind === 'wallet') {
            await allowRefusal(() =>
              withdrawToWallet(
                t.ctx,
                agent.accountId,
                { currency: 'CNY', amount: op.amount },
                null,
                TEST_ACTOR,
              ),
            );
          } else if (op.kind === 'bank') {
            await allowRefusal(async () => {
              const made = await withdrawToBankCard(
                t.ctx,
                agent.accountId,
                { currency: 'CNY', amount: op.amount, bankCardId: card.id },
                null,
                TEST_ACTOR,
              );
              requested.push(made.id);
            });
          } else if (op.kind === 'settle' && requested.length > 0) {
            const [id] = requested.splice(op.pick % requested.length, 1);
            await settlePayout(
              t.ctx,
              id!,
              op.paid ? { status: 'paid' } : { status: 'failed', reason: 'p' },
              TEST_ACTOR,
            );
          }
          await accrueFees(t.ctx);
          await expectBooksHealthy(t.ctx);
          const [balance] = await t.ctx.database.db
            .select()
            .from(agentBalances)
            .where(and(eq(agentBalances.accountId, agent.accountId), eq(agentBalances.currency, 'CNY')));
          if (balance) {
            expect(balance.available).toBeGreaterThanOrEqual(0);
            expect(balance.pending).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 8 },
    );
  });
});
