/**
 * Real concurrency (PostgreSQL only; PGlite runs one statement at a time): duplicate deliveries and
 * competing events of one authorization, many authorizations on one card, and the decline-rate
 * rule fired from several cards at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardAuthorizations, ledgerTransactions, riskEvents } from '../../db/schema';
import { fileTestApp } from '../../testing/file-app';
import { cardBalance, openTestCard } from '../../testing/cards';
import { signedInAccount } from '../../testing/signed-in';
import { auditLedger, isHealthy } from '../ledger';
import {
  authorizationEvent,
  authorizeOnce,
  cardRow,
  followUpEvent,
  sendEvent,
  uid,
} from '../../testing/issuer';

describe.runIf(process.env.TEST_DB_KIND === 'postgresql')('card spending under concurrency', () => {
  const t = fileTestApp();

  it('8 simultaneous deliveries of one authorization hold the money once', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const event = authorizationEvent(card, { amount: 3_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sendEvent(t, { ...event, eventId: uid('evt') })),
    );
    const outcomes = answers.map((a) => a.body.data?.outcome).sort();
    expect(outcomes).toEqual(['approved', ...Array<string>(7).fill('duplicate')]);
    expect(answers.every((a) => a.body.data?.approved === true)).toBe(true);
    expect(await cardBalance(t, card.id)).toBe(7_000);
    const holds = await t.ctx.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `card_auth:${event.authorizationId}`));
    expect(holds).toHaveLength(1);
  });

  it('10 simultaneous authorizations on one card never overdraw it', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 5_000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => authorizeOnce(t, card, { amount: 1_000 })),
    );
    const approved = answers.filter((a) => a.answer.body.data?.outcome === 'approved');
    const declined = answers.filter((a) => a.answer.body.data?.declineReason === 'insufficient_balance');
    expect([approved.length, declined.length]).toEqual([5, 5]);
    expect(await cardBalance(t, card.id)).toBe(0);
    expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
  });

  it('a clearing racing a reversal: exactly one wins, money and consumption agree', async () => {
    const me = await signedInAccount(t);
    for (let round = 0; round < 5; round++) {
      const card = await openTestCard(t, me.accountId, { balance: 2_000 });
      const { authorizationId } = await authorizeOnce(t, card, { amount: 2_000 });
      const [clearing, reversal] = await Promise.all([
        sendEvent(t, followUpEvent(card, 'clearing', authorizationId, 2_000)),
        sendEvent(t, followUpEvent(card, 'reversal', authorizationId, 2_000)),
      ]);
      const outcomes = [clearing.body.data?.outcome, reversal.body.data?.outcome];
      const [auth] = await t.ctx.database.db
        .select({ status: cardAuthorizations.status })
        .from(cardAuthorizations)
        .where(eq(cardAuthorizations.issuerAuthId, authorizationId));
      if (outcomes[0] === 'cleared') {
        expect(outcomes[1]).toBe('illegal_transition');
        expect(auth?.status).toBe('completed');
        expect(await cardBalance(t, card.id)).toBe(0);
        expect((await cardRow(t, card.id)).spent).toBe(2_000);
      } else {
        expect(outcomes).toEqual(['illegal_transition', 'reversed']);
        expect(auth?.status).toBe('reversed');
        expect(await cardBalance(t, card.id)).toBe(2_000);
        expect((await cardRow(t, card.id)).spent).toBe(0);
      }
    }
  });

  it('8 simultaneous deliveries of one refund give the money back once', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 4_000 });
    const { authorizationId } = await authorizeOnce(t, card, { amount: 4_000 });
    await sendEvent(t, followUpEvent(card, 'clearing', authorizationId, 4_000));
    const refund = followUpEvent(card, 'refund', authorizationId, 1_500);
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendEvent(t, refund)));
    expect(answers.map((a) => a.body.data?.outcome).sort()).toEqual([
      ...Array<string>(7).fill('duplicate'),
      'refunded',
    ]);
    expect(await cardBalance(t, card.id)).toBe(1_500);
    expect((await cardRow(t, card.id)).spent).toBe(2_500);
    const refunds = await t.ctx.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `card_refund:${refund.eventId}`));
    expect(refunds).toHaveLength(1);
  });

  it('declines on several cards at once fire the decline-rate rule once', async () => {
    const me = await signedInAccount(t);
    const cardsOf = await Promise.all(
      Array.from({ length: 4 }, () => openTestCard(t, me.accountId, { balance: 10_000 })),
    );
    // 16 approvals first, then 8 simultaneous declines over 4 cards.
    for (const card of cardsOf) for (let i = 0; i < 4; i++) await authorizeOnce(t, card, { amount: 1 });
    await Promise.all(
      cardsOf.flatMap((card) => [0, 1].map(() => authorizeOnce(t, card, { amount: 1, cvvMatched: false }))),
    );
    const events = await t.ctx.database.db
      .select()
      .from(riskEvents)
      .where(eq(riskEvents.accountId, me.accountId));
    expect(events).toHaveLength(1);
    for (const card of cardsOf) expect((await cardRow(t, card.id)).status).toBe('frozen');
  });
});
