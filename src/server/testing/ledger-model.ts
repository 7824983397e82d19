/**
 * Random money operations for the ledger's property and race tests, and a model of what every
 * wallet must hold afterwards. Each operation is one movement through the real ledger API.
 */
import fc from 'fast-check';
import type { AppContext } from '../context';
import { inTransaction } from '../db/client';
import { AppError } from '../lib/errors';
import type { Movement } from '../modules/ledger/movement';
import { postMovement } from '../modules/ledger/post-movement';
import { reverseMovement } from '../modules/ledger/reverse-movement';

export type Op =
  | { kind: 'topup'; who: number; currency: 'CNY' | 'USD'; amount: number; fee: number; key: number }
  | { kind: 'spend'; who: number; currency: 'CNY' | 'USD'; amount: number; key: number }
  | { kind: 'reverse'; pick: number; key: number };

const currency = fc.constantFrom('CNY' as const, 'USD' as const);
// Keys come from a small range so that duplicates (retries, replayed callbacks) happen often.
const key = fc.integer({ min: 0, max: 40 });

export const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('topup' as const),
    who: fc.nat(2),
    currency,
    amount: fc.integer({ min: 1, max: 2_000_000 }),
    fee: fc.integer({ min: 0, max: 500 }),
    key,
  }),
  fc.record({
    kind: fc.constant('spend' as const),
    who: fc.nat(2),
    currency,
    amount: fc.integer({ min: 1, max: 900_000 }),
    key,
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(1000), key }),
);

const actor = { ip: 'model', device: 'model' };

export function movementOf(
  op: Exclude<Op, { kind: 'reverse' }>,
  accountId: string,
  prefix: string,
): Movement {
  const wallet = { wallet: { accountId, currency: op.currency } };
  if (op.kind === 'spend')
    return {
      key: `${prefix}:spend:${op.key}`,
      kind: 'card_recharge',
      accountId,
      legs: [
        { account: wallet, amount: -op.amount, type: 'card_recharge' },
        {
          account: { house: { kind: 'card_funding', name: 'model', currency: op.currency } },
          amount: op.amount,
          type: 'card',
        },
      ],
      actor,
    };
  const fee = Math.min(op.fee, op.amount);
  return {
    key: `${prefix}:topup:${op.key}`,
    kind: 'topup',
    accountId,
    legs: [
      {
        account: { house: { kind: 'clearing', name: 'model', currency: op.currency } },
        amount: -op.amount,
        type: 'in',
      },
      { account: wallet, amount: op.amount, type: 'topup' },
      ...(fee > 0
        ? [
            { account: wallet, amount: -fee, type: 'fee' },
            {
              account: { house: { kind: 'fee_income' as const, name: 'model', currency: op.currency } },
              amount: fee,
              type: 'fee',
            },
          ]
        : []),
    ],
    actor,
  };
}

/** Runs one operation; a deliberate refusal (409, 422) is an outcome, not a failure. */
export async function runOp(
  ctx: AppContext,
  op: Op,
  accountIds: readonly string[],
  posted: string[],
  prefix: string,
): Promise<'posted' | 'replayed' | 'refused'> {
  try {
    const result = await inTransaction(ctx.database.db, (tx) => {
      if (op.kind === 'reverse') {
        const target = posted[op.pick % Math.max(posted.length, 1)];
        if (!target) throw new AppError(422, 'server:ledger.notReversible');
        return reverseMovement(tx, ctx, {
          transactionId: target,
          key: `${prefix}:rev:${op.key}`,
          description: 'model',
          actor,
        });
      }
      return postMovement(tx, ctx, movementOf(op, accountIds[op.who % accountIds.length]!, prefix));
    });
    if (!result.replayed) posted.push(result.transactionId);
    return result.replayed ? 'replayed' : 'posted';
  } catch (error) {
    if (error instanceof AppError && (error.code === 409 || error.code === 422)) return 'refused';
    throw error;
  }
}
