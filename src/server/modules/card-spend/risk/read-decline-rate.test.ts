import { describe, expect, it } from 'vitest';
import { RISK_DECLINE_RATE_BP, RISK_WINDOW_HOURS } from '@contract/card-rules';
import { declineRate, type DeclineRate } from '@contract/cards';
import { fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { openSession, signedInAccount } from '../../../testing/signed-in';
import type { CardRow } from '../../cards/card-access';
import { authorizeOnce } from '../../../testing/issuer';

const t = fileTestApp();

async function spend(card: CardRow, approved: number, declined: number) {
  for (let i = 0; i < approved; i++) await authorizeOnce(t, card, { amount: 1 });
  for (let i = 0; i < declined; i++) await authorizeOnce(t, card, { amount: 1, cvvMatched: false });
}

async function meter(token: string): Promise<DeclineRate> {
  const answer = await t.api(declineRate, {}, { token });
  expect(answer.body.code).toBe(200);
  return answer.body.data as DeclineRate;
}

describe('GET /api/card/declineRate', () => {
  it('counts the account’s authorizations of the window in SQL, names the cards declining most, and scopes a member to its own cards', async () => {
    const me = await signedInAccount(t);
    const quiet = await openTestCard(t, me.accountId, { balance: 10_000 });
    const mainCard = await openTestCard(t, me.accountId, { balance: 10_000 });
    const memberCard = await openTestCard(t, me.accountId, { balance: 10_000, subAccountId: 'sub-rate' });
    const member = await openSession(t, me.accountId, 'sub-rate');
    const stranger = await signedInAccount(t);
    const theirs = await openTestCard(t, stranger.accountId, { balance: 10_000 });

    // Under the rule's minimum of authorizations, so nothing is frozen while the meter counts.
    await spend(quiet, 2, 0);
    await spend(mainCard, 3, 2);
    await spend(memberCard, 1, 3);
    await spend(theirs, 0, 4);

    const account = await meter(me.token);
    expect(account).toMatchObject({
      scope: 'account',
      windowHours: RISK_WINDOW_HOURS,
      authorizations: 11,
      declines: 5,
      rateBp: Math.floor((5 * 10_000) / 11),
      limitBp: RISK_DECLINE_RATE_BP,
    });
    // Most declines first; a card without declines is not named.
    expect(account.cards).toEqual([
      {
        cardId: memberCard.id,
        serial: memberCard.serial,
        last4: memberCard.last4,
        authorizations: 4,
        declines: 3,
      },
      { cardId: mainCard.id, serial: mainCard.serial, last4: mainCard.last4, authorizations: 5, declines: 2 },
    ]);

    // The member sees its own card's figures only, not the account's.
    const own = await meter(member.token);
    expect(own).toMatchObject({ scope: 'own', authorizations: 4, declines: 3, rateBp: 7_500 });
    expect(own.cards.map((card) => card.cardId)).toEqual([memberCard.id]);

    // Past the window nothing is counted any more (a new session: the old one timed out meanwhile).
    t.advance(RISK_WINDOW_HOURS * 3600_000 + 1_000);
    const later = await meter((await openSession(t, me.accountId)).token);
    expect(later).toMatchObject({ authorizations: 0, declines: 0, rateBp: 0, cards: [] });
  });

  it('needs a bearer token', async () => {
    expect((await t.api(declineRate, {})).status).toBe(401);
  });
});
