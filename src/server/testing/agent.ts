/** Fixtures of the agent programme's tests: invited customers, their fees and refunds, the audit. */
import { expect } from 'vitest';
import type { AppContext } from '../context';
import { inTransaction } from '../db/client';
import { newId } from '../lib/crypto';
import type { TestApp } from './harness';
import { uniqueEmail, TEST_PASSWORD } from './harness';
import { fundWallet } from './money';
import type { SignedInAccount } from './signed-in';
import { openSession, signedInAccount } from './signed-in';
import { createAccount } from '../modules/account/create-account';
import { auditLedger, moveMoney, reverseMovement } from '../modules/ledger';
import type { FeeType } from '../../contract/agent';

export const TEST_ACTOR = { ip: 'test', device: 'vitest' };

/** An agent and a customer who signed up with the agent's code. */
export async function invitedPair(t: TestApp): Promise<{ agent: SignedInAccount; invitee: SignedInAccount }> {
  const agent = await signedInAccount(t, uniqueEmail('agent'));
  const invitee = await inviteeOf(t, agent.accountId);
  return { agent, invitee };
}

export async function inviteeOf(t: TestApp, agentId: string): Promise<SignedInAccount> {
  const email = uniqueEmail('invitee');
  const { id } = await createAccount(t.ctx, { email, password: TEST_PASSWORD, invitedBy: agentId });
  return { accountId: id, email, password: TEST_PASSWORD, ...(await openSession(t, id)) };
}

const FEE_LEG_TYPE: Record<FeeType, string> = {
  topup: 'fee',
  card_open: 'card_open_fee',
  card_recharge: 'card_recharge_fee',
};

/**
 * The customer pays a fee of `amount` from their wallet into the fee income account of `feeType`,
 * shaped as the real movements are (a wallet `fee` leg, a `fee_income` house leg). Answers the
 * fee's ledger transaction.
 */
export async function payFee(
  ctx: AppContext | TestApp,
  accountId: string,
  feeType: FeeType,
  currency: string,
  amount: number,
): Promise<string> {
  const app = 'ctx' in ctx ? ctx.ctx : ctx;
  await fundWallet({ ctx: app } as TestApp, accountId, currency, amount);
  const posted = await moveMoney(app, {
    key: `test-fee:${newId()}`,
    kind: feeType === 'topup' ? 'topup' : feeType,
    accountId,
    legs: [
      { account: { wallet: { accountId, currency } }, amount: -amount, type: 'fee', description: 'test fee' },
      {
        account: { house: { kind: 'fee_income', name: feeType, currency } },
        amount,
        type: FEE_LEG_TYPE[feeType],
      },
    ],
    actor: TEST_ACTOR,
  });
  return posted.transactionId;
}

/** The fee is refunded: its movement reversed, as every correction in this ledger. */
export async function refundFee(ctx: AppContext, transactionId: string): Promise<void> {
  await inTransaction(ctx.database.db, (tx) =>
    reverseMovement(tx, ctx, {
      transactionId,
      key: `test-refund:${transactionId}`,
      description: 'test refund',
      actor: TEST_ACTOR,
    }),
  );
}

/** The ledger and the agent sub-ledger hold every invariant. */
export async function expectBooksHealthy(ctx: AppContext): Promise<void> {
  expect(await auditLedger(ctx.database.db)).toEqual({
    unbalancedTransactions: [],
    balanceNotSumOfEntries: [],
    balanceNotLastBalanceAfter: [],
    negativeWallets: [],
    cardCopyNotBalance: [],
    rebateNotAgentBalances: [],
  });
}
