import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getCardBalance } from '@contract/cards';
import { cardAuthorizations, cards } from '../../../db/schema';
import { newId } from '../../../lib/crypto';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { signedInAccount } from '../../../testing/signed-in';

const t = fileTestApp();
const me = fileSignedInAccount(t);

describe('POST /api/card/getCardBalance', () => {
  it('answers the balance, the sum of pending authorizations and the cumulative consumption', async () => {
    const card = await openTestCard(t, me.accountId, { balance: 5_000 });
    await t.ctx.database.db.update(cards).set({ spent: 1_234 }).where(eq(cards.id, card.id));
    const auths = [
      { status: 'pending' as const, amount: 300 },
      { status: 'pending' as const, amount: 200 },
      { status: 'completed' as const, amount: 1_000 },
      { status: 'declined' as const, amount: 9_999 },
    ];
    for (const auth of auths) {
      const id = newId();
      await t.ctx.database.db.insert(cardAuthorizations).values({
        id,
        issuerAuthId: `test-${id}`,
        cardId: card.id,
        accountId: me.accountId,
        currency: 'USD',
        merchantName: 'Test Shop',
        ...auth,
      });
    }
    const answer = await t.api(getCardBalance, { cardId: card.id }, { token: me.token });
    expect(answer.body).toMatchObject({
      code: 200,
      data: { cardId: card.id, currency: 'USD', balance: 5_000, pending: 500, spent: 1_234 },
    });
  });

  it('a card without authorizations has nothing pending; another account’s card is a 404', async () => {
    const card = await openTestCard(t, me.accountId);
    const answer = await t.api(getCardBalance, { cardId: card.id }, { token: me.token });
    expect(answer.body.data).toMatchObject({ balance: 0, pending: 0, spent: 0 });
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    expect((await t.api(getCardBalance, { cardId: theirs.id }, { token: me.token })).body.code).toBe(404);
  });
});
