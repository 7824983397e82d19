import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardDetail } from '@contract/cards';
import { REVEAL_SECONDS } from '@contract/card-rules';
import { cardEvents, cards, idempotencyKeys, operationLogs } from '../../../db/schema';
import { googleCodeAt } from '../../../lib/totp';
import { isLuhnValid } from '../../../lib/luhn';
import { openTestCard } from '../../../testing/cards';
import { fileLogLines, fileTestApp } from '../../../testing/file-app';
import type { SignedInAccount } from '../../../testing/signed-in';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import { stepUpTicketFor } from '../../../testing/step-up';
import { REVEALS_PER_HOUR } from './detail-reveal';
import { bindGoogle } from '../../../testing/auth';
import { eventActions } from '../../../testing/card-kit';
import { openCardSecrets } from '../open/store-card';

const t = fileTestApp();
const lines = fileLogLines(t);

interface Revealed {
  cardId: string;
  pan: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
  holderFirstName: string;
  postcode: string;
  hideAfterSeconds: number;
}

/** The legitimate reveal: the Google code when given, otherwise a `card_reveal` step-up first. */
async function reveal(me: SignedInAccount, cardId: string, googleCode?: string) {
  const stepUpTicket = googleCode ? undefined : await stepUpTicketFor(t, me.token, 'card_reveal');
  return t.api(cardDetail, { cardId, googleCode, stepUpTicket }, { token: me.token });
}

describe('POST /api/card/detail', () => {
  it('answers the full number, CVV, expiry and address, to hide after 30 s, uncached, and logs the reveal', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const sealed = openCardSecrets(t.ctx, card.secrets);
    const answer = await reveal(me, card.id);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as Revealed;
    expect(data).toMatchObject({
      cardId: card.id,
      pan: sealed.pan,
      cvv: sealed.cvv,
      expiryMonth: sealed.expiryMonth,
      expiryYear: sealed.expiryYear,
      holderFirstName: 'Ada',
      postcode: '94105',
      hideAfterSeconds: REVEAL_SECONDS,
    });
    expect(data.pan.endsWith(card.last4)).toBe(true);
    expect(isLuhnValid(data.pan)).toBe(true);
    expect(await eventActions(t, card.id)).toEqual(['open', 'reveal']);

    const raw = await t.raw('/api/card/detail', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${me.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        cardId: card.id,
        stepUpTicket: await stepUpTicketFor(t, me.token, 'card_reveal'),
      }).toString(),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('cache-control')).toBe('no-store');
  });

  it('without Google Authenticator a bearer token alone reveals nothing: 428 stepUp card_reveal', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const bare = await t.api(cardDetail, { cardId: card.id }, { token: me.token, lang: 'en' });
    expect(bare.body).toMatchObject({ code: 428, data: { stepUp: 'card_reveal' } });
    expect(bare.body.data).not.toHaveProperty('pan');
    // A ticket of another purpose, another session's ticket, a spent one and an expired one: all 428.
    const exportTicket = await stepUpTicketFor(t, me.token, 'card_export_full');
    const other = await openSession(t, me.accountId);
    const othersTicket = await stepUpTicketFor(t, other.token, 'card_reveal');
    const ticket = await stepUpTicketFor(t, me.token, 'card_reveal');
    expect(
      (await t.api(cardDetail, { cardId: card.id, stepUpTicket: ticket }, { token: me.token })).body.code,
    ).toBe(200);
    const late = await stepUpTicketFor(t, me.token, 'card_reveal');
    t.advance(301_000);
    for (const stepUpTicket of [exportTicket, othersTicket, ticket, late]) {
      const answer = await t.api(cardDetail, { cardId: card.id, stepUpTicket }, { token: me.token });
      expect(answer.body).toMatchObject({ code: 428, data: { stepUp: 'card_reveal' } });
    }
    expect(await eventActions(t, card.id)).toEqual(['open', 'reveal']);
  });

  it('with Google Authenticator bound: no code is 428, a wrong or reused code is refused, a fresh one works', async () => {
    const me = await signedInAccount(t);
    const secret = await bindGoogle(t, me.accountId);
    const card = await openTestCard(t, me.accountId);
    const missing = await t.api(cardDetail, { cardId: card.id }, { token: me.token });
    expect(missing.body).toMatchObject({
      code: 428,
      msg: 'Enter your Google Authenticator code to view the card details',
      data: { need: 'google' },
    });
    const right = googleCodeAt(secret, t.ctx.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await reveal(me, card.id, wrong);
    expect(refused.body).toMatchObject({
      code: 422,
      msg: 'The Google Authenticator code is wrong or has already been used',
    });
    expect(await eventActions(t, card.id)).toEqual(['open']);
    const shown = await reveal(me, card.id, right);
    expect(shown.body.code).toBe(200);
    // The same code again, from another session (this one is inside its reveal window now): the
    // replay guard refuses it.
    const other = { ...me, ...(await openSession(t, me.accountId)) };
    expect((await reveal(other, card.id, right)).body.code).toBe(422);
    t.advance(30_000);
    expect((await reveal(other, card.id, googleCodeAt(secret, t.ctx.now()))).body.code).toBe(200);
    expect(await eventActions(t, card.id)).toEqual(['open', 'reveal', 'reveal']);
  });

  it('after 5 wrong Google codes every reveal waits (429), so codes cannot be guessed', async () => {
    const me = await signedInAccount(t);
    const secret = await bindGoogle(t, me.accountId);
    const card = await openTestCard(t, me.accountId);
    const right = googleCodeAt(secret, t.ctx.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await reveal(me, card.id, wrong)).body.code).toBe(422);
    expect((await reveal(me, card.id, right)).body.code).toBe(429);
  });

  it(`allows ${REVEALS_PER_HOUR} reveals per account in an hour, then 429 with retryAfter`, async () => {
    const me = await signedInAccount(t);
    const a = await openTestCard(t, me.accountId);
    const b = await openTestCard(t, me.accountId);
    for (let i = 0; i < REVEALS_PER_HOUR; i++)
      expect((await reveal(me, i % 2 === 0 ? a.id : b.id)).body.code).toBe(200);
    const limited = await reveal(me, b.id);
    expect(limited.body.code).toBe(429);
    const wait = (limited.body.data as { retryAfter: number }).retryAfter;
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThanOrEqual(3_600);
    // Another account is not affected.
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    expect((await reveal(other, theirs.id)).body.code).toBe(200);
    t.advance(3_601_000);
    // An access token lives 30 minutes: a fresh session after the hour.
    const later = { ...me, ...(await openSession(t, me.accountId)) };
    expect((await reveal(later, a.id)).body.code).toBe(200);
  });

  it('refuses deleted cards (422) and other accounts’ cards (404)', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, card.id));
    expect((await reveal(me, card.id)).body).toMatchObject({
      code: 422,
      msg: `Card ${card.serial} has been deleted`,
    });
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    expect((await reveal(me, theirs.id)).body.code).toBe(404);
    expect(await eventActions(t, card.id)).toEqual(['open']);
  });

  it('the number appears in no log line, operation-log row, idempotency row or card event, the CVV in no row', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId);
    const answer = await reveal(me, card.id);
    const { pan } = answer.body.data as Revealed;
    expect(lines.some((line) => line.includes('/api/card/detail'))).toBe(true); // the capture works
    const db = t.ctx.database.db;
    const rows = JSON.stringify([
      await db.select().from(operationLogs).where(eq(operationLogs.accountId, me.accountId)),
      await db.select().from(idempotencyKeys),
      await db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id)),
    ]);
    expect(rows).toContain('cards.detail');
    for (const text of [...lines, rows]) {
      expect(text).not.toContain(pan);
      expect(text).not.toContain(pan.slice(0, 12));
    }
    // Neither secret is stored under any name: the reveal event keeps the last four digits only.
    expect(rows).not.toContain('"cvv"');
    expect(rows).not.toContain('"pan"');
    const [event] = await db.select().from(cardEvents).where(eq(cardEvents.action, 'reveal')).limit(1);
    expect(event?.detail).toEqual({ last4: expect.stringMatching(/^\d{4}$/) });
  });
});
