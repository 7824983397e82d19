/**
 * Records issued cards: seals the number, CVV, PIN and expiry, keeps only the last four digits in
 * the clear, makes each card's ledger account (balance 0; the opening movement loads it) and the
 * `open` event. Runs inside the opening transaction, so a card exists only if its payment does.
 */
import type { HolderFields } from '@contract/cards';
import type { AppContext } from '../../../context';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { cards, ledgerAccounts } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import type { IssuedCard } from '../../../providers/issuer';
import { cardLedgerAccountId } from '../../ledger/movement';
import type { CardOwner } from '../card-access';
import { actorTag } from '../card-access';
import type { CardRow } from '../card-access';
import { recordCardEvents } from '../card-events';

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/**
 * `C` + UTC+8 date (yymmdd) + 8 digits of the `card_serial_seq` sequence, e.g. `C26112200004817`.
 * Serials name cards, they guard nothing (every card call checks the owner), so a sequence is
 * fine; random digits collided by the birthday paradox once thousands of cards open in a day.
 */
export function cardSerial(now: Date, sequence: number): string {
  const day = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(2, 10).replace(/-/g, '');
  return `C${day}${String(sequence % 100_000_000).padStart(8, '0')}`;
}

/** `count` numbers of the serial sequence in one round trip. */
async function nextSerialNumbers(tx: Tx, count: number): Promise<number[]> {
  const rows = await rowsOf<{ n: string | number }>(
    tx,
    sql`select nextval('card_serial_seq') as n from generate_series(1, ${count}::int)`,
  );
  return rows.map((row) => Number(row.n));
}

export interface CardToStore {
  /** Ours, made before the issuer call (the issuer's request id). */
  id: string;
  issued: IssuedCard;
  segmentId: string;
  currency: string;
  holder: HolderFields;
  label: string | null;
}

export function newCardId(): string {
  return newId();
}

export function sealCardSecrets(ctx: AppContext, issued: IssuedCard): string {
  return ctx.box.seal(
    JSON.stringify({
      pan: issued.pan,
      cvv: issued.cvv,
      pin: issued.pin,
      expiryMonth: issued.expiryMonth,
      expiryYear: issued.expiryYear,
    }),
  );
}

export interface CardSecrets {
  pan: string;
  cvv: string;
  pin: string;
  expiryMonth: number;
  expiryYear: number;
}

export function openCardSecrets(ctx: AppContext, sealed: string): CardSecrets {
  return JSON.parse(ctx.box.open(sealed)) as CardSecrets;
}

export async function storeIssuedCards(
  tx: Tx,
  ctx: AppContext,
  input: {
    owner: CardOwner;
    cards: readonly CardToStore[];
    batchId: string | null;
    ip: string | null;
    now: Date;
  },
): Promise<CardRow[]> {
  const { owner, now } = input;
  if (input.cards.length === 0) return [];
  await tx.insert(ledgerAccounts).values(
    input.cards.map((card) => ({
      id: cardLedgerAccountId(card.id),
      kind: 'card' as const,
      accountId: null,
      code: cardLedgerAccountId(card.id),
      currency: card.currency,
      balance: 0,
      createdAt: now,
    })),
  );
  const serials = await nextSerialNumbers(tx, input.cards.length);
  const rows = await tx
    .insert(cards)
    .values(
      input.cards.map((card, index) => ({
        id: card.id,
        serial: cardSerial(now, serials[index]!),
        accountId: owner.accountId,
        subAccountId: owner.subAccountId,
        segmentId: card.segmentId,
        currency: card.currency,
        issuerRef: card.issued.issuerRef,
        last4: card.issued.pan.slice(-4),
        secrets: sealCardSecrets(ctx, card.issued),
        ledgerAccountId: cardLedgerAccountId(card.id),
        status: 'active' as const,
        label: card.label,
        holderFirstName: card.holder.holderFirstName,
        holderLastName: card.holder.holderLastName,
        street: card.holder.street,
        city: card.holder.city,
        state: card.holder.state,
        postcode: card.holder.postcode,
        country: card.holder.country,
        batchId: input.batchId,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  await recordCardEvents(
    tx,
    rows.map((row) => ({
      cardId: row.id,
      accountId: owner.accountId,
      action: 'open' as const,
      actor: actorTag(owner),
      ip: input.ip,
      detail: { segmentId: row.segmentId, batchId: input.batchId },
      at: now,
    })),
  );
  return rows;
}
