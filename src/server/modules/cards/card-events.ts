/** The card's history (`cardLog`), written in the transaction of the change it records. */
import type { Executor } from '../../db/client';
import { cardEvents } from '../../db/schema';

export type CardAction =
  | 'open'
  | 'recharge'
  | 'withdraw'
  | 'freeze'
  | 'activate'
  | 'delete'
  | 'reveal'
  | 'edit_address'
  | 'risk_freeze'
  | 'expiry_freeze'
  | 'expiry_move'
  | 'export';

export interface CardEvent {
  cardId: string;
  accountId: string;
  action: CardAction;
  /** `main`, `sub:<id>`, `system`, `risk` or `expiry` (card-access.ts actorTag). */
  actor: string;
  ip: string | null;
  /** Amounts, transaction numbers, old and new values. Never a card number, CVV or PIN. */
  detail?: Record<string, unknown>;
  at: Date;
}

export async function recordCardEvents(db: Executor, events: readonly CardEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(cardEvents).values(
    events.map((event) => ({
      cardId: event.cardId,
      accountId: event.accountId,
      action: event.action,
      actor: event.actor,
      ip: event.ip,
      detail: event.detail ?? {},
      createdAt: event.at,
    })),
  );
}
