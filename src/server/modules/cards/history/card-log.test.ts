import { describe, expect, it } from 'vitest';
import { cardFrozen, cardLog } from '@contract/cards';
import { recordCardEvents } from '../card-events';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { openSession, signedInAccount } from '../../../testing/signed-in';

const t = fileTestApp();
const me = fileSignedInAccount(t);

interface EventRow {
  action: string;
  actor: string;
  ip: string | null;
  detail: Record<string, unknown>;
}

describe('POST /api/card/cardLog', () => {
  it('answers who did what to the card, newest first, paged: main, a sub-account, the risk rule', async () => {
    const card = await openTestCard(t, me.accountId, { subAccountId: 'sub-7' });
    const sub = await openSession(t, me.accountId, 'sub-7');
    t.advance(1_000);
    await t.api(cardFrozen, { cardId: card.id, action: 'freeze' }, { token: sub.token });
    t.advance(1_000);
    await t.api(cardFrozen, { cardId: card.id, action: 'activate' }, { token: me.token });
    await recordCardEvents(t.ctx.database.db, [
      {
        cardId: card.id,
        accountId: me.accountId,
        action: 'risk_freeze',
        actor: 'risk',
        ip: null,
        at: t.ctx.now(),
      },
    ]);

    const answer = await t.api(cardLog, { cardId: card.id, pageSize: 3 }, { token: me.token });
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as { data: EventRow[]; total: number };
    expect(data.total).toBe(4);
    expect(data.data.map((row) => [row.action, row.actor])).toEqual([
      ['risk_freeze', 'risk'],
      ['activate', 'main'],
      ['freeze', 'sub-7'],
    ]);
    expect(data.data[1]!.ip).toBe('local');
    const last = await t.api(cardLog, { cardId: card.id, pageNo: 2, pageSize: 3 }, { token: me.token });
    expect((last.body.data as { data: EventRow[] }).data.map((row) => [row.action, row.actor])).toEqual([
      ['open', 'sub-7'],
    ]);
  });

  it('answers 404 for another account’s card and for a main-account card asked by a sub-account user', async () => {
    const other = await signedInAccount(t);
    const theirs = await openTestCard(t, other.accountId);
    expect((await t.api(cardLog, { cardId: theirs.id }, { token: me.token })).body.code).toBe(404);
    const mainCard = await openTestCard(t, me.accountId);
    const sub = await openSession(t, me.accountId, 'sub-8');
    expect((await t.api(cardLog, { cardId: mainCard.id }, { token: sub.token })).body.code).toBe(404);
  });
});
