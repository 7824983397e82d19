/**
 * Cards for tests that are not about opening: issued by the sandbox issuer and stored through the
 * real `storeIssuedCards`, then loaded from a house account through the real ledger, so every
 * ledger invariant holds and the card looks exactly like one the customer opened.
 */
import { eq } from 'drizzle-orm';
import type { HolderFields } from '../../contract/cards';
import { inTransaction } from '../db/client';
import { cardSegments, cards, ledgerAccounts } from '../db/schema';
import { newId } from '../lib/crypto';
import type { CardRow } from '../modules/cards/card-access';
import { newCardId, storeIssuedCards } from '../modules/cards/open/store-card';
import { moveMoney } from '../modules/ledger';
import type { TestApp } from './harness';

export const TEST_HOLDER: HolderFields = {
  holderFirstName: 'Ada',
  holderLastName: 'Lovelace',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94105',
  country: 'US',
};

/** A demo segment that is open (migration 0007). */
export const TEST_SEGMENT_ID = 'visa-428837';

export async function openTestCard(
  t: TestApp,
  accountId: string,
  options: { balance?: number; segmentId?: string; subAccountId?: string | null; label?: string | null } = {},
): Promise<CardRow> {
  const segmentId = options.segmentId ?? TEST_SEGMENT_ID;
  const [segment] = await t.ctx.database.db.select().from(cardSegments).where(eq(cardSegments.id, segmentId));
  if (!segment) throw new Error(`no segment ${segmentId}`);
  const id = newCardId();
  const issued = await t.ctx.issuer.issueCard({
    requestId: id,
    bin: segment.bin,
    network: segment.network,
    currency: segment.currency,
    holderName: `${TEST_HOLDER.holderFirstName} ${TEST_HOLDER.holderLastName}`,
  });
  const [card] = await inTransaction(t.ctx.database.db, (tx) =>
    storeIssuedCards(tx, t.ctx, {
      owner: { accountId, subAccountId: options.subAccountId ?? null },
      cards: [
        {
          id,
          issued,
          segmentId,
          currency: segment.currency,
          holder: TEST_HOLDER,
          label: options.label ?? null,
        },
      ],
      batchId: null,
      ip: 'test',
      now: t.ctx.now(),
    }),
  );
  if (!card) throw new Error('card not stored');
  if (options.balance) await loadTestCard(t, card, options.balance);
  return card;
}

/** Puts money on a card from a house account (test funding), through the ledger. */
export async function loadTestCard(t: TestApp, card: CardRow, amount: number): Promise<void> {
  await moveMoney(t.ctx, {
    key: `test-card-fund:${newId()}`,
    kind: 'card_recharge',
    accountId: card.accountId,
    legs: [
      {
        account: { house: { kind: 'card_funding', name: 'test', currency: card.currency } },
        amount: -amount,
        type: 'test funding',
      },
      {
        account: { card: { cardId: card.id, currency: card.currency } },
        amount,
        type: 'card_recharge',
        cardSerial: card.serial,
      },
    ],
    actor: { ip: 'test', device: 'test' },
  });
}

/** The card's balance: its ledger account. */
export async function cardBalance(t: TestApp, cardId: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ id: cards.ledgerAccountId })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!row) throw new Error(`no card ${cardId}`);
  const [account] = await t.ctx.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, row.id));
  return account?.balance ?? 0;
}
