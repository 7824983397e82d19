import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CardView } from '@contract/cards';
import { editAddress } from '@contract/cards';
import { cardEvents, cards } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard, TEST_HOLDER } from '../../../testing/cards';
import { signedInAccount } from '../../../testing/signed-in';
import { eventActions } from '../../../testing/card-kit';

const t = fileTestApp();
const me = fileSignedInAccount(t);

describe('POST /api/card/editAddress', () => {
  it('changes the holder fields and logs the old and new value of each changed field', async () => {
    const card = await openTestCard(t, me.accountId);
    const answer = await t.api(
      editAddress,
      { ...TEST_HOLDER, cardId: card.id, holderLastName: 'Byron', street: '2 Mission St' },
      { token: me.token },
    );
    expect(answer.body.code).toBe(200);
    expect((answer.body.data as CardView).holderName).toBe('Ada Byron');
    const [row] = await t.ctx.database.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row).toMatchObject({ holderLastName: 'Byron', street: '2 Mission St', city: 'San Francisco' });
    const [event] = await t.ctx.database.db
      .select()
      .from(cardEvents)
      .where(eq(cardEvents.action, 'edit_address'));
    expect(event).toMatchObject({
      cardId: card.id,
      actor: 'main',
      detail: {
        changes: {
          holderLastName: { from: 'Lovelace', to: 'Byron' },
          street: { from: '1 Market St', to: '2 Mission St' },
        },
      },
    });
  });

  it('saving the same address again writes no event', async () => {
    const card = await openTestCard(t, me.accountId);
    const answer = await t.api(editAddress, { ...TEST_HOLDER, cardId: card.id }, { token: me.token });
    expect(answer.body.code).toBe(200);
    expect(await eventActions(t, card.id)).toEqual(['open']);
  });

  it('checks the postcode per country (spec §5) and refuses deleted cards (422)', async () => {
    const card = await openTestCard(t, me.accountId);
    const bad = await t.api(
      editAddress,
      { ...TEST_HOLDER, cardId: card.id, postcode: '9410' },
      { token: me.token },
    );
    expect(bad.body).toMatchObject({ code: 400, msg: 'Incorrect zip code format' });
    await t.ctx.database.db.update(cards).set({ status: 'deleted' }).where(eq(cards.id, card.id));
    const gone = await t.api(
      editAddress,
      { ...TEST_HOLDER, cardId: card.id, city: 'Oakland' },
      { token: me.token },
    );
    expect(gone.body).toMatchObject({ code: 422, msg: `Card ${card.serial} has been deleted` });
  });

  it('answers 404 for another account’s card', async () => {
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    const answer = await t.api(
      editAddress,
      { ...TEST_HOLDER, cardId: theirs.id, city: 'X' },
      { token: me.token },
    );
    expect(answer.body.code).toBe(404);
  });
});
