import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardAuthorizations, cards, cardSegments, ledgerTransactions } from '../../../db/schema';
import { createLogger } from '../../../lib/logger';
import { signBody } from '../../../providers/payments/signature';
import { cardBalance, loadTestCard, openTestCard } from '../../../testing/cards';
import { fileTestApp } from '../../../testing/file-app';
import type { SignedInAccount } from '../../../testing/signed-in';
import { signedInAccount } from '../../../testing/signed-in';
import { auditLedger, isHealthy } from '../../ledger';
import { readWallet } from '../../wallet/read-wallet';
import {
  authorizationEvent,
  authorizationRow,
  authorizeOnce,
  cardRow,
  followUpEvent,
  sendEvent,
  uid,
} from '../../../testing/issuer';
import { VELOCITY_MAX_AUTHORIZATIONS } from '../spend-rules';

const t = fileTestApp();
let me: SignedInAccount;
// A fresh account per test: declines of one test must not reach the decline-rate rule of another.
beforeEach(async () => {
  me = await signedInAccount(t);
});

async function expectHealthyLedger() {
  expect(isHealthy(await auditLedger(t.ctx.database.db))).toBe(true);
}

async function authorizationCount(cardId: string): Promise<number> {
  const rows = await t.ctx.database.db
    .select({ id: cardAuthorizations.id })
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.cardId, cardId));
  return rows.length;
}

describe('refused deliveries change nothing', () => {
  it('refuses a bad or missing signature (401)', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const event = authorizationEvent(card, { amount: 500 });
    const forged = await sendEvent(t, event, { signature: 'ab'.repeat(32) });
    expect(forged).toMatchObject({ status: 401, body: { code: 401, data: { outcome: 'bad_signature' } } });
    const unsigned = await sendEvent(t, event, { signature: null });
    expect(unsigned.body.data?.outcome).toBe('bad_signature');
    // Signed for another body: the signature covers the raw bytes.
    const tampered = await sendEvent(
      t,
      { ...event, amount: 1 },
      { signature: signBody(t.ctx.issuer.eventSecret, JSON.stringify(event)) },
    );
    expect(tampered.body.data?.outcome).toBe('bad_signature');
    expect(await cardBalance(t, card.id)).toBe(10_000);
    expect(await authorizationCount(card.id)).toBe(0);
  });

  it('refuses a malformed event (400)', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const notJson = await sendEvent(t, {}, { rawBody: '{not json' });
    expect(notJson).toMatchObject({ status: 400, body: { data: { outcome: 'malformed' } } });
    const negative = await sendEvent(t, { ...authorizationEvent(card), amount: -5 });
    expect(negative.body.data?.outcome).toBe('malformed');
    const unknownType = await sendEvent(t, { ...authorizationEvent(card), type: 'chargeback' });
    expect(unknownType.body.data?.outcome).toBe('malformed');
    const oddCurrency = await sendEvent(t, { ...authorizationEvent(card), currency: 'XYZ' });
    expect(oddCurrency.body.data?.outcome).toBe('malformed');
    expect(await authorizationCount(card.id)).toBe(0);
  });

  it('refuses an unknown card (400) for every kind of event', async () => {
    const ghost = { issuerRef: 'sbx_no_such_card' };
    const auth = await sendEvent(t, authorizationEvent(ghost));
    expect(auth).toMatchObject({ status: 400, body: { data: { outcome: 'unknown_card' } } });
    const clearing = await sendEvent(t, followUpEvent(ghost, 'clearing', 'auth_x', 100));
    expect(clearing.body.data?.outcome).toBe('unknown_card');
    const challenge = await sendEvent(t, {
      eventId: uid('evt'),
      type: 'threeds_challenge',
      cardRef: ghost.issuerRef,
      code: '123456',
      amount: 100,
      currency: 'USD',
      merchant: { name: 'Shop' },
    });
    expect(challenge.body.data?.outcome).toBe('unknown_card');
  });

  it('answers a repeated authorization with the first decision, and refuses the id for another one', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const event = authorizationEvent(card, { amount: 2_500 });
    const first = await sendEvent(t, event);
    expect(first.body.data).toMatchObject({ outcome: 'approved', approved: true, status: 'pending' });
    const again = await sendEvent(t, { ...event, eventId: uid('evt') });
    expect(again.body.data).toMatchObject({ outcome: 'duplicate', approved: true, status: 'pending' });
    const other = await sendEvent(t, { ...event, eventId: uid('evt'), amount: 9_000 });
    expect(other).toMatchObject({ status: 409, body: { data: { outcome: 'id_reused' } } });
    expect(await cardBalance(t, card.id)).toBe(7_500);
    expect(await authorizationCount(card.id)).toBe(1);

    const declined = authorizationEvent(card, { amount: 99_999 });
    expect((await sendEvent(t, declined)).body.data?.declineReason).toBe('insufficient_balance');
    // The balance is enough by now, but the answer stays the first decision.
    await loadTestCard(t, card, 100_000);
    expect((await sendEvent(t, declined)).body.data).toMatchObject({
      outcome: 'duplicate',
      approved: false,
      declineReason: 'insufficient_balance',
    });
    await expectHealthyLedger();
  });

  it('logs every event without its body or a 3-D Secure code', async () => {
    const lines: string[] = [];
    const quiet = t.ctx.log;
    t.ctx.log = createLogger('info', (line) => lines.push(line));
    try {
      const card = await openTestCard(t, me.accountId, { balance: 1_000 });
      await sendEvent(t, {
        eventId: uid('evt'),
        type: 'threeds_challenge',
        cardRef: card.issuerRef,
        code: '918273',
        amount: 100,
        currency: 'USD',
        merchant: { name: 'Shop' },
      });
      const { authorizationId } = await authorizeOnce(t, card, { amount: 100 });
      await sendEvent(t, authorizationEvent(card), { signature: 'ff'.repeat(32) });
      const text = lines.join('');
      expect(text).not.toContain('918273');
      const secrets = JSON.parse(t.ctx.box.open(card.secrets)) as { pan: string; cvv: string };
      expect(text).not.toContain(secrets.pan);
      expect(lines.filter((l) => l.includes('"msg":"issuer event'))).toHaveLength(3);
      expect(text).toContain(authorizationId);
      expect(text).toContain('"outcome":"bad_signature"');
    } finally {
      t.ctx.log = quiet;
    }
  });
});

describe('authorization decisions', () => {
  it('approves: the amount leaves the card into the network funding account, the row is pending', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const { authorizationId, answer } = await authorizeOnce(t, card, { amount: 4_321, merchant: 'Spotify' });
    expect(answer).toMatchObject({
      status: 200,
      body: { code: 200, data: { outcome: 'approved', approved: true, declineReason: null } },
    });
    expect(await cardBalance(t, card.id)).toBe(10_000 - 4_321);
    expect(await authorizationRow(t, authorizationId)).toMatchObject({
      status: 'pending',
      amount: 4_321,
      merchantName: 'Spotify',
      accountId: me.accountId,
      declineReason: null,
    });
    const [hold] = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `card_auth:${authorizationId}`));
    expect(hold?.kind).toBe('card_spend');
    await expectHealthyLedger();
  });

  async function expectDeclined(
    card: Awaited<ReturnType<typeof openTestCard>>,
    reason: string,
    options: Parameters<typeof authorizeOnce>[2] = {},
  ) {
    const before = await cardBalance(t, card.id);
    const { authorizationId, answer } = await authorizeOnce(t, card, options);
    expect(answer.body.data).toMatchObject({
      outcome: 'declined',
      approved: false,
      status: 'declined',
      declineReason: reason,
    });
    expect(await cardBalance(t, card.id)).toBe(before);
    expect(await authorizationRow(t, authorizationId)).toMatchObject({
      status: 'declined',
      declineReason: reason,
    });
  }

  it('declines a deleted card', async () => {
    const card = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, card.id));
    await expectDeclined(card, 'card_deleted');
  });

  it('declines a frozen card', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    await t.ctx.database.db
      .update(cards)
      .set({ status: 'frozen', frozenBy: 'customer' })
      .where(eq(cards.id, card.id));
    await expectDeclined(card, 'card_frozen');
  });

  it('declines an expired card', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const secrets = JSON.parse(t.ctx.box.open(card.secrets)) as Record<string, unknown>;
    const now = t.ctx.now();
    // Expired at the end of last month (January: December of the year before).
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const sealed = t.ctx.box.seal(
      JSON.stringify({
        ...secrets,
        expiryMonth: lastMonth.getUTCMonth() + 1,
        expiryYear: lastMonth.getUTCFullYear(),
      }),
    );
    await t.ctx.database.db.update(cards).set({ secrets: sealed }).where(eq(cards.id, card.id));
    await expectDeclined(card, 'card_expired');
  });

  it('declines a wrong CVV or expiry', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    await expectDeclined(card, 'incorrect_cvv', { cvvMatched: false });
    await expectDeclined(card, 'incorrect_cvv', { expiryMatched: false });
  });

  it('declines on a segment under maintenance', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const maintenance = await openTestCard(t, me.accountId, { balance: 10_000 });
    await t.ctx.database.db
      .update(cards)
      .set({ segmentId: 'visa-441112' })
      .where(eq(cards.id, maintenance.id));
    const [segment] = await t.ctx.database.db
      .select({ status: cardSegments.status })
      .from(cardSegments)
      .where(eq(cardSegments.id, 'visa-441112'));
    expect(segment?.status).toBe('maintenance');
    await expectDeclined(maintenance, 'segment_maintenance');
    expect((await authorizeOnce(t, card)).answer.body.data?.outcome).toBe('approved');
  });

  it('declines a currency other than the card’s', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    await expectDeclined(card, 'currency_not_supported', { currency: 'EUR' });
  });

  it('declines blocked merchant categories and sanctioned countries', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    await expectDeclined(card, 'merchant_not_supported', { category: '7995', merchant: 'Lucky Casino' });
    await expectDeclined(card, 'merchant_not_supported', { category: '6051', merchant: 'Coin Exchange' });
    await expectDeclined(card, 'merchant_not_supported', { category: '4829', merchant: 'Wire Co' });
    await expectDeclined(card, 'merchant_not_supported', { country: 'KP' });
  });

  it('declines a single amount above 10,000 USD, whatever the balance', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 2_000_000 });
    await expectDeclined(card, 'amount_limit', { amount: 1_000_001 });
    expect((await authorizeOnce(t, card, { amount: 1_000_000 })).answer.body.data?.outcome).toBe('approved');
  });

  it('declines as suspected fraud when a card is asked too often in a minute', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 100_000 });
    for (let i = 0; i < VELOCITY_MAX_AUTHORIZATIONS; i++)
      expect((await authorizeOnce(t, card, { amount: 100 })).answer.body.data?.outcome).toBe('approved');
    await expectDeclined(card, 'suspected_fraud', { amount: 100 });
    t.advance(61_000);
    expect((await authorizeOnce(t, card, { amount: 100 })).answer.body.data?.outcome).toBe('approved');
  });

  it('declines an amount above the balance', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 1_000 });
    await expectDeclined(card, 'insufficient_balance', { amount: 1_001 });
    expect((await authorizeOnce(t, card, { amount: 1_000 })).answer.body.data?.outcome).toBe('approved');
    expect(await cardBalance(t, card.id)).toBe(0);
  });
});

describe('clearing, reversal and refund', () => {
  it('approve -> clear -> partial refund -> the rest: balance, spent and ledger follow', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const { authorizationId } = await authorizeOnce(t, card, { amount: 3_000 });
    const cleared = await sendEvent(t, followUpEvent(card, 'clearing', authorizationId, 3_000));
    expect(cleared.body.data).toMatchObject({ outcome: 'cleared', status: 'completed' });
    expect((await cardRow(t, card.id)).spent).toBe(3_000);
    expect(await cardBalance(t, card.id)).toBe(7_000);

    const part = await sendEvent(t, followUpEvent(card, 'refund', authorizationId, 1_000));
    expect(part.body.data).toMatchObject({ outcome: 'refunded', status: 'refunded' });
    expect(await cardBalance(t, card.id)).toBe(8_000);
    expect((await cardRow(t, card.id)).spent).toBe(2_000);
    expect(await authorizationRow(t, authorizationId)).toMatchObject({ status: 'refunded', refunded: 1_000 });

    const tooMuch = await sendEvent(t, followUpEvent(card, 'refund', authorizationId, 2_001));
    expect(tooMuch).toMatchObject({ status: 422, body: { data: { outcome: 'refund_too_large' } } });
    const rest = await sendEvent(t, followUpEvent(card, 'refund', authorizationId, 2_000));
    expect(rest.body.data?.outcome).toBe('refunded');
    expect(await cardBalance(t, card.id)).toBe(10_000);
    expect((await cardRow(t, card.id)).spent).toBe(0);
    expect(await authorizationRow(t, authorizationId)).toMatchObject({ status: 'refunded', refunded: 3_000 });
    const nothingLeft = await sendEvent(t, followUpEvent(card, 'refund', authorizationId, 1));
    expect(nothingLeft.body.data?.outcome).toBe('refund_too_large');
    await expectHealthyLedger();
  });

  it('approve -> reverse: the hold goes back to the card, spent unchanged', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 5_000 });
    const { authorizationId } = await authorizeOnce(t, card, { amount: 1_200 });
    expect(await cardBalance(t, card.id)).toBe(3_800);
    const reversed = await sendEvent(t, { ...followUpEvent(card, 'reversal', authorizationId, 1_200) });
    expect(reversed.body.data).toMatchObject({ outcome: 'reversed', status: 'reversed' });
    expect(await cardBalance(t, card.id)).toBe(5_000);
    expect((await cardRow(t, card.id)).spent).toBe(0);
    // The reversal is linked to the hold it undoes.
    const [hold] = await t.ctx.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `card_auth:${authorizationId}`));
    const [undo] = await t.ctx.database.db
      .select({ reversesId: ledgerTransactions.reversesId })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `card_reversal:${authorizationId}`));
    expect(undo?.reversesId).toBe(hold?.id);
    // A reversal without an amount releases the whole hold too.
    const second = await authorizeOnce(t, card, { amount: 700 });
    const whole = followUpEvent(card, 'reversal', second.authorizationId, 0);
    const { amount: _amount, currency: _currency, ...withoutAmount } = whole;
    expect((await sendEvent(t, withoutAmount)).body.data?.outcome).toBe('reversed');
    expect(await cardBalance(t, card.id)).toBe(5_000);
    await expectHealthyLedger();
  });

  it('refuses illegal steps and changes nothing', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const reversed = (await authorizeOnce(t, card, { amount: 1_000 })).authorizationId;
    await sendEvent(t, followUpEvent(card, 'reversal', reversed, 1_000));
    const cleared = (await authorizeOnce(t, card, { amount: 1_000 })).authorizationId;
    await sendEvent(t, followUpEvent(card, 'clearing', cleared, 1_000));
    const pending = (await authorizeOnce(t, card, { amount: 1_000 })).authorizationId;
    const declined = (await authorizeOnce(t, card, { amount: 1_000, cvvMatched: false })).authorizationId;
    const balance = await cardBalance(t, card.id);
    const spent = (await cardRow(t, card.id)).spent;

    const refusals: [ReturnType<typeof followUpEvent>, string][] = [
      [followUpEvent(card, 'clearing', reversed, 1_000), 'illegal_transition'],
      [followUpEvent(card, 'refund', reversed, 500), 'illegal_transition'],
      [followUpEvent(card, 'reversal', cleared, 1_000), 'illegal_transition'],
      [followUpEvent(card, 'refund', pending, 500), 'illegal_transition'],
      [followUpEvent(card, 'clearing', declined, 1_000), 'illegal_transition'],
      [followUpEvent(card, 'reversal', declined, 1_000), 'illegal_transition'],
      [followUpEvent(card, 'refund', declined, 1_000), 'illegal_transition'],
      [followUpEvent(card, 'clearing', pending, 999), 'amount_mismatch'],
      [followUpEvent(card, 'reversal', pending, 1_001), 'amount_mismatch'],
      [followUpEvent(card, 'clearing', pending, 1_000, { currency: 'EUR' }), 'currency_mismatch'],
      [followUpEvent(card, 'clearing', 'auth_never_seen', 1_000), 'unknown_authorization'],
    ];
    for (const [event, expected] of refusals) {
      const answer = await sendEvent(t, event);
      expect({ type: event.type, outcome: answer.body.data?.outcome }).toEqual({
        type: event.type,
        outcome: expected,
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    // Another card's authorization is unknown to this card.
    const other = await openTestCard(t, me.accountId, { balance: 1_000 });
    expect((await sendEvent(t, followUpEvent(other, 'clearing', pending, 1_000))).body.data?.outcome).toBe(
      'unknown_authorization',
    );
    expect(await cardBalance(t, card.id)).toBe(balance);
    expect((await cardRow(t, card.id)).spent).toBe(spent);
    expect((await authorizationRow(t, pending))?.status).toBe('pending');
    expect((await authorizationRow(t, reversed))?.status).toBe('reversed');
    expect((await authorizationRow(t, cleared))?.status).toBe('completed');
    await expectHealthyLedger();
  });

  it('applies each event exactly once when the issuer delivers it again', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    const { authorizationId } = await authorizeOnce(t, card, { amount: 2_000 });
    const clearing = followUpEvent(card, 'clearing', authorizationId, 2_000);
    expect((await sendEvent(t, clearing)).body.data?.outcome).toBe('cleared');
    expect((await sendEvent(t, clearing)).body.data).toMatchObject({
      outcome: 'duplicate',
      status: 'completed',
    });
    // A second clearing with its own event id is the same fact again.
    expect((await sendEvent(t, { ...clearing, eventId: uid('evt') })).body.data?.outcome).toBe('duplicate');
    expect((await cardRow(t, card.id)).spent).toBe(2_000);

    const refund = followUpEvent(card, 'refund', authorizationId, 500);
    expect((await sendEvent(t, refund)).body.data?.outcome).toBe('refunded');
    expect((await sendEvent(t, refund)).body.data?.outcome).toBe('duplicate');
    expect(await cardBalance(t, card.id)).toBe(8_500);
    expect((await cardRow(t, card.id)).spent).toBe(1_500);
    // The same refund id used on another authorization is refused.
    const other = await authorizeOnce(t, card, { amount: 800 });
    await sendEvent(t, followUpEvent(card, 'clearing', other.authorizationId, 800));
    const reused = await sendEvent(t, { ...refund, authorizationId: other.authorizationId });
    expect(reused).toMatchObject({ status: 409, body: { data: { outcome: 'id_reused' } } });

    const hold = await authorizeOnce(t, card, { amount: 300 });
    const reversal = followUpEvent(card, 'reversal', hold.authorizationId, 300);
    expect((await sendEvent(t, reversal)).body.data?.outcome).toBe('reversed');
    expect((await sendEvent(t, reversal)).body.data).toMatchObject({
      outcome: 'duplicate',
      status: 'reversed',
    });
    expect(await cardBalance(t, card.id)).toBe(8_500 - 800);
    await expectHealthyLedger();
  });

  it('gives a refund for a deleted card back to the owner’s wallet', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 3_000 });
    const { authorizationId } = await authorizeOnce(t, card, { amount: 3_000 });
    await sendEvent(t, followUpEvent(card, 'clearing', authorizationId, 3_000));
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, card.id));
    const before = await readWallet(t.ctx, me.accountId);
    expect(
      (await sendEvent(t, followUpEvent(card, 'refund', authorizationId, 1_250))).body.data?.outcome,
    ).toBe('refunded');
    const after = await readWallet(t.ctx, me.accountId);
    expect(after.USD).toBe((before.USD ?? 0) + 1_250);
    expect(await cardBalance(t, card.id)).toBe(0);
    await expectHealthyLedger();
  });
});
