/**
 * POST /api/agent/withdrawalsToBankCard: a payout of available commission to a saved bank card.
 * The amount leaves the available balance at once (fee to fee income and to the agent's `fees`
 * figure, the rest to `payouts` and `inPayout`), the
 * withdrawal is `requested`, and the order goes to the payout provider after the commit; the
 * provider's answer (settle-payout.ts) makes it `paid`, or `failed` and the money comes back.
 * The mail code (and the step-up ticket) are checked by the route before this runs and spent in
 * this transaction (the guard): an unknown card or the day's count refused leaves both unspent.
 */
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { WithdrawalView } from '@contract/agent';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { agentBankCards, agentWithdrawals } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fail } from '../../../lib/errors';
import { createPayoutsProvider } from '../../../providers/payouts';
import type { Actor } from '../../ledger';
import { postMovement } from '../../ledger';
import { rebateHouse } from '../agent-ledger';
import { bankFeeOf, WITHDRAWAL_RULES } from '../agent-rules';
import { maskCardNumber } from '../masks';
import { takeAvailable } from './take-available';
import type { WithdrawalInput } from './withdraw-to-wallet';
import { checkLimits } from './withdraw-to-wallet';
import { earlierWithdrawal } from './withdrawal-keys';
import { withdrawalView } from './withdrawal-view';

/** Midnight of the product's calendar day (UTC+8, docs/decisions.md) that `now` falls in. */
function startOfChinaDay(now: Date): Date {
  const shifted = new Date(now.getTime() + 8 * 3600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3600_000);
}

export async function withdrawToBankCard(
  ctx: AppContext,
  accountId: string,
  input: WithdrawalInput & { bankCardId: string },
  idempotencyKey: string | null,
  actor: Actor,
  /** Runs in the withdrawal's transaction (the route spends the mail code and step-up ticket). */
  guard?: (tx: Tx) => Promise<void>,
): Promise<WithdrawalView> {
  const provider = createPayoutsProvider(ctx.env);
  if (!provider) throw fail.rule('server:agent.payoutsUnavailable');
  const { currency, amount, bankCardId } = input;
  const rules = WITHDRAWAL_RULES[currency].bankCard;
  checkLimits(currency, amount, rules);
  const fee = bankFeeOf(currency, amount);
  const net = amount - fee;
  const made = await inTransaction(ctx.database.db, async (tx) => {
    const earlier = await earlierWithdrawal(
      tx,
      accountId,
      idempotencyKey,
      (row) =>
        row.target === 'bank_card' &&
        row.currency === currency &&
        row.amount === amount &&
        row.bankCardId === bankCardId,
    );
    if (earlier) return { row: earlier, card: null };
    await guard?.(tx);
    const [card] = await tx
      .select()
      .from(agentBankCards)
      .where(
        and(
          eq(agentBankCards.id, bankCardId),
          eq(agentBankCards.accountId, accountId),
          isNull(agentBankCards.removedAt),
        ),
      );
    if (!card) throw fail.rule('server:agent.bankCardUnknown', {}, { fields: ['bankCardId'] });
    // Counted under the balance row's lock (taken first below would be too late for a race of two
    // requests on the last allowed one), so the advisory lock of the account serialises them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`agent-bank:${accountId}`}, 0))`);
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(agentWithdrawals)
      .where(
        and(
          eq(agentWithdrawals.accountId, accountId),
          eq(agentWithdrawals.target, 'bank_card'),
          ne(agentWithdrawals.status, 'failed'),
          gte(agentWithdrawals.createdAt, startOfChinaDay(ctx.now())),
        ),
      );
    if ((today?.n ?? 0) >= rules.dailyCount)
      throw fail.rule('server:agent.dailyCount', { count: rules.dailyCount });
    await takeAvailable(tx, accountId, currency, amount, { inPayout: net, fees: fee });
    const id = newId();
    const posted = await postMovement(tx, ctx, {
      key: `rebate:withdraw:${id}`,
      kind: 'rebate_withdraw',
      accountId,
      reference: id,
      legs: [
        { account: rebateHouse('available', currency), amount: -amount, type: 'rebate_withdraw' },
        { account: rebateHouse('payouts', currency), amount: net, type: 'rebate_withdraw' },
        {
          account: { house: { kind: 'fee_income', name: 'agent_withdrawal', currency } },
          amount: fee,
          type: 'agent_withdrawal_fee',
        },
      ],
      actor,
    });
    const now = ctx.now();
    const [row] = await tx
      .insert(agentWithdrawals)
      .values({
        id,
        accountId,
        target: 'bank_card',
        currency,
        amount,
        fee,
        net,
        status: 'requested',
        bankCardId,
        bankName: card.bank,
        cardMasked: maskCardNumber(card.last4),
        idempotencyKey,
        requestTransactionId: posted.transactionId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { row: row!, card };
  });
  if (made.card) {
    // After the commit: the provider only ever hears of money that has left the balance. A provider
    // that cannot be reached leaves the withdrawal requested, on the review desk / for a resend.
    try {
      await provider.send({
        withdrawalId: made.row.id,
        currency,
        amount: net,
        holder: made.card.holder,
        bank: made.card.bank,
        cardNumber: ctx.box.open(made.card.numberSealed),
      });
    } catch (error) {
      ctx.log.error('payout provider did not take the order', {
        withdrawalId: made.row.id,
        error: String(error),
      });
    }
  }
  return withdrawalView(made.row);
}
