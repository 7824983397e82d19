/**
 * Ledger keys and the actor of the card money actions (recharge, batch recharge, withdraw, delete).
 * The key comes from the request's Idempotency-Key, so a retry whose stored answer was lost still
 * cannot move money twice (the ledger answers the first movement); without the header every call
 * is its own movement.
 */
import { newId } from '../../../lib/crypto';
import type { Actor } from '../../ledger';

export type CardMoneyAction = 'recharge' | 'batch-recharge' | 'withdraw' | 'delete';

/** `cards:<action>:<accountId>:<Idempotency-Key>`. */
export function cardMovementKey(
  action: CardMoneyAction,
  accountId: string,
  idempotencyKey: string | null,
): string {
  return `cards:${action}:${accountId}:${idempotencyKey ?? `once-${newId()}`}`;
}

/** Who acted, for card events and the ledger's operation-log row. */
export interface CardActor extends Actor {
  subAccountId: string | null;
}
