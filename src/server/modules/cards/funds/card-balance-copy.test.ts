/**
 * The card row's copy of its balance (migration 0009), which the list filters and counts by: it
 * follows every movement of the card's ledger account in the same transaction, a movement that is
 * rolled back leaves it alone, and it cannot be written by hand to something the ledger does not say.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardView } from '@contract/cards';
import { cardPage } from '@contract/cards';
import { inTransaction } from '../../../db/client';
import { cards } from '../../../db/schema';
import { cardBalance, loadTestCard, openTestCard } from '../../../testing/cards';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { reduceCard } from './reduce-card';
import { expectLedgerHealthy, idemKey } from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);

async function copyOf(cardId: string): Promise<number> {
  const [row] = await t.ctx.database.db
    .select({ balance: cards.balance })
    .from(cards)
    .where(eq(cards.id, cardId));
  if (!row) throw new Error(`no card ${cardId}`);
  return row.balance;
}

async function idsInRange(minBalance: number, maxBalance: number): Promise<string[]> {
  const answer = await t.api(cardPage, { minBalance, maxBalance, pageSize: 100 }, { token: me.token });
  expect(answer.body.code).toBe(200);
  return (answer.body.data as { data: CardView[] }).data.map((card) => card.id);
}

describe('the card row’s copy of its balance', () => {
  it('follows loads and withdrawals, and the balance filter sees each at once', async () => {
    const card = await openTestCard(t, me.accountId);
    expect(await copyOf(card.id)).toBe(0);

    await loadTestCard(t, card, 7_500);
    expect(await copyOf(card.id)).toBe(7_500);
    expect(await idsInRange(7_000, 8_000)).toContain(card.id);

    const owner = { accountId: me.accountId, subAccountId: null };
    await reduceCard(
      t.ctx,
      owner,
      { cardId: card.id, amount: 2_500 },
      { idempotencyKey: idemKey(), actor: { ip: 'test', device: 'test', subAccountId: null }, lang: 'en' },
    );
    expect(await cardBalance(t, card.id)).toBe(5_000);
    expect(await copyOf(card.id)).toBe(5_000);
    expect(await idsInRange(7_000, 8_000)).not.toContain(card.id);
    expect(await idsInRange(5_000, 5_000)).toContain(card.id);
    await expectLedgerHealthy(t);
  });

  it('is left alone when the movement’s transaction rolls back', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 1_000 });
    await expect(
      inTransaction(t.ctx.database.db, async (tx) => {
        await tx.execute(
          sql`update ledger_accounts set balance = balance + 400 where id = ${card.ledgerAccountId}`,
        );
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await copyOf(card.id)).toBe(1_000);
  });

  it('cannot be set by hand to anything but the ledger’s balance', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 300 });
    await t.ctx.database.db.update(cards).set({ balance: 999_999 }).where(eq(cards.id, card.id));
    expect(await copyOf(card.id)).toBe(300);
    await expectLedgerHealthy(t);
  });
});
