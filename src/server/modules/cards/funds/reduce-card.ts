/**
 * reduceAmount and reduce: withdraw money from a card back to the wallet of the card's currency
 * (spec §1 "withdraw (reduce)"). Active and frozen cards may be withdrawn from (a frozen card keeps
 * its money; taking it back is the customer's right); a deleted card has already given its balance
 * back. Withdrawing is free. Money held by pending authorizations is already off the card's
 * balance, so it cannot be withdrawn.
 */
import { eq } from 'drizzle-orm';
import type { CardView } from '@contract/cards';
import type { CurrencyCode } from '@contract/core';
import { currencyCode } from '@contract/core';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/client';
import { ledgerAccounts } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Lang } from '../../../lib/i18n';
import { postMovement } from '../../ledger';
import type { CardOwner, CardRow } from '../card-access';
import { actorTag, findOwnCard, lockOwnCard } from '../card-access';
import { recordCardEvents } from '../card-events';
import { readCardView } from '../card-view';
import { checkCardAllows } from '../lifecycle/freeze-states';
import type { CardActor } from './recharge-keys';
import { cardMovementKey } from './recharge-keys';

export async function cardLedgerBalance(
  db: Executor,
  card: Pick<CardRow, 'ledgerAccountId'>,
): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, card.ledgerAccountId));
  if (!row) throw new Error(`card ledger account ${card.ledgerAccountId} missing`);
  return row.balance;
}

export async function readReduceAmount(
  ctx: AppContext,
  owner: CardOwner,
  cardId: string,
): Promise<{ currency: CurrencyCode; available: number; fee: number }> {
  const db = ctx.database.db;
  const card = await findOwnCard(db, owner, cardId);
  checkCardAllows(card, 'withdraw');
  return {
    currency: currencyCode.parse(card.currency),
    available: await cardLedgerBalance(db, card),
    fee: 0,
  };
}

export async function reduceCard(
  ctx: AppContext,
  owner: CardOwner,
  input: { cardId: string; amount: number },
  options: { idempotencyKey: string | null; actor: CardActor; lang: Lang },
): Promise<{ card: CardView; txnNo: string }> {
  return inTransaction(ctx.database.db, async (tx) => {
    const card = await lockOwnCard(tx, owner, input.cardId);
    checkCardAllows(card, 'withdraw');
    const available = await cardLedgerBalance(tx, card);
    if (input.amount > available)
      throw fail.rule('server:cards.withdrawAboveBalance', {}, { available, currency: card.currency });
    const now = ctx.now();
    // The ledger refuses the movement too if a spend took the money meanwhile (card never below 0).
    const posted = await postMovement(tx, ctx, {
      key: cardMovementKey('withdraw', owner.accountId, options.idempotencyKey),
      kind: 'card_withdraw',
      accountId: owner.accountId,
      reference: card.id,
      legs: [
        {
          account: { card: { cardId: card.id, currency: card.currency } },
          amount: -input.amount,
          type: 'card_withdraw',
          cardSerial: card.serial,
          label: card.label,
        },
        {
          account: { wallet: { accountId: owner.accountId, currency: card.currency } },
          amount: input.amount,
          type: 'card_withdraw',
          description: card.serial,
          cardSerial: card.serial,
          label: card.label,
        },
      ],
      actor: options.actor,
    });
    if (!posted.replayed)
      await recordCardEvents(tx, [
        {
          cardId: card.id,
          accountId: owner.accountId,
          action: 'withdraw',
          actor: actorTag(owner),
          ip: options.actor.ip,
          detail: { amount: input.amount, currency: card.currency, txnNo: posted.transactionId },
          at: now,
        },
      ]);
    return { card: await readCardView(tx, card.id, options.lang), txnNo: posted.transactionId };
  });
}
