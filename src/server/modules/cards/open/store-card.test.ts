import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards, ledgerAccounts } from '../../../db/schema';
import { isLuhnValid, luhnCheckDigit } from '../../../lib/luhn';
import { fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { signedInAccount } from '../../../testing/signed-in';
import { auditLedger, isHealthy, moveMoney } from '../../ledger';
import { cardSerial, openCardSecrets } from './store-card';

const t = fileTestApp();

describe('card serials', () => {
  it('are C + the UTC+8 date + 8 digits of the sequence', () => {
    // 2026-11-21 20:00 UTC is already 22 November in UTC+8.
    expect(cardSerial(new Date('2026-11-21T20:00:00Z'), 4817)).toBe('C26112200004817');
    expect(cardSerial(new Date('2026-11-22T00:00:00Z'), 123_456_789)).toBe('C26112223456789');
  });

  it('never repeat, however many cards open at once', async () => {
    const { accountId } = await signedInAccount(t);
    const opened = await Promise.all(Array.from({ length: 40 }, () => openTestCard(t, accountId)));
    const serials = opened.map((card) => card.serial);
    expect(new Set(serials).size).toBe(40);
    for (const serial of serials) expect(serial).toMatch(/^C\d{14}$/);
  });
});

describe('issued cards', () => {
  it('the check digit makes every sandbox number pass Luhn', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3'); // the textbook example 79927398713
    for (let i = 0; i < 50; i++) {
      const partial = String(Math.floor(Math.random() * 1e15)).padStart(15, '0');
      expect(isLuhnValid(partial + luhnCheckDigit(partial))).toBe(true);
    }
  });

  it('stores only the last four digits in the clear and seals the rest', async () => {
    const { accountId } = await signedInAccount(t);
    const card = await openTestCard(t, accountId, { balance: 2500 });
    const secrets = openCardSecrets(t.ctx, card.secrets);
    expect(secrets.pan).toMatch(/^428837\d{10}$/);
    expect(isLuhnValid(secrets.pan)).toBe(true);
    expect(card.last4).toBe(secrets.pan.slice(-4));
    expect(card.secrets).not.toContain(secrets.pan);
    expect(card.secrets).not.toContain(secrets.cvv);
    const [account] = await t.ctx.database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, card.ledgerAccountId));
    expect(account).toMatchObject({ kind: 'card', balance: 2500, accountId: null });
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a card balance never goes below zero', async () => {
    const { accountId } = await signedInAccount(t);
    const card = await openTestCard(t, accountId, { balance: 100 });
    await expect(
      moveMoney(t.ctx, {
        key: `overdraw:${card.id}`,
        kind: 'card_spend',
        accountId,
        legs: [
          { account: { card: { cardId: card.id, currency: 'USD' } }, amount: -101, type: 'spend' },
          {
            account: { house: { kind: 'card_funding', name: 'network', currency: 'USD' } },
            amount: 101,
            type: 'spend',
          },
        ],
        actor: { ip: 'test', device: 'test' },
      }),
    ).rejects.toMatchObject({ code: 422 });
    const [row] = await t.ctx.database.db.select({ id: cards.id }).from(cards).where(eq(cards.id, card.id));
    expect(row).toBeDefined();
  });
});
