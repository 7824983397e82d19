/**
 * The shape of a money movement: the one way money moves in the server (issue 4 §1). Every money
 * feature (top-ups, transfers, card funding, rebates, fees) describes its movement as legs and posts
 * it with `postMovement` inside the transaction of its own state change.
 */
import type { LedgerKind } from '../../../contract/operations';
import type { FlowType } from '../../../contract/finance';
import type { LedgerAccountKind } from '../../db/schema';

/** A customer's wallet in one currency. */
export interface WalletRef {
  wallet: { accountId: string; currency: string };
}

/**
 * A card's own balance (ledger account `card:<cardId>`, made when the card is opened). Like a
 * wallet it never goes below zero.
 */
export interface CardRef {
  card: { cardId: string; currency: string };
}

/** A house account, e.g. `{ kind: 'clearing', name: 'wechat', currency: 'CNY' }` (code `clearing:wechat:CNY`). */
export interface HouseRef {
  house: { kind: Exclude<LedgerAccountKind, 'wallet' | 'card'>; name: string; currency: string };
}

export type LedgerRef = WalletRef | CardRef | HouseRef;

export interface Leg {
  account: LedgerRef;
  /** Signed minor units: positive credits the account, negative debits it. Never zero. */
  amount: number;
  /** Wallet legs: the flow row type the customer sees. House legs: their purpose (free text). */
  type: FlowType | string;
  /** Shown in the financial breakdown (wallet legs). */
  description?: string;
  cardSerial?: string | null;
  label?: string | null;
}

/** Who caused the movement, for the operation-log row written in the same transaction. */
export interface Actor {
  ip: string;
  device: string;
  subAccountId?: string | null;
}

export interface Movement {
  /**
   * Unique per movement across the whole ledger, namespaced by its feature, e.g.
   * `topup:<orderId>` or `api:<accountId>:<Idempotency-Key>`. Posting the same key again returns the
   * first movement (same legs) or 409 (other legs); it never moves money twice.
   */
  key: string;
  /**
   * What moved the money, e.g. `topup`, `transfer_in`, `reversal`; also the log action
   * `ledger.<kind>`, which the operation log names (contract/operations.ts lists every kind).
   */
  kind: LedgerKind;
  /** The customer the movement belongs to (its wallet legs must be this customer's). */
  accountId: string | null;
  /** What the movement is about, e.g. an order or forecast id. */
  reference?: string | null;
  reversesId?: string | null;
  legs: readonly Leg[];
  actor: Actor;
}

export interface PostedEntry {
  ledgerAccountId: string;
  currency: string;
  amount: number;
  balanceAfter: number;
  type: string;
}

export interface PostedMovement {
  transactionId: string;
  /** True when the key had been posted before and nothing moved this time. */
  replayed: boolean;
  entries: PostedEntry[];
}

export function houseCode(ref: HouseRef['house']): string {
  return `${ref.kind}:${ref.name}:${ref.currency}`;
}

export function isWallet(ref: LedgerRef): ref is WalletRef {
  return 'wallet' in ref;
}

export function isCard(ref: LedgerRef): ref is CardRef {
  return 'card' in ref;
}

export function cardLedgerAccountId(cardId: string): string {
  return `card:${cardId}`;
}

export function currencyOf(ref: LedgerRef): string {
  if (isWallet(ref)) return ref.wallet.currency;
  return isCard(ref) ? ref.card.currency : ref.house.currency;
}
