import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rangeList } from '@contract/cards';
import { cards } from '../../../db/schema';
import { fileSignedInAccount, fileTestApp } from '../../../testing/file-app';
import { openTestCard } from '../../../testing/cards';
import { openSession, signedInAccount } from '../../../testing/signed-in';

const t = fileTestApp();
const me = fileSignedInAccount(t);

beforeAll(async () => {
  const other = await signedInAccount(t);
  await openTestCard(t, other.accountId, { segmentId: 'mc-556766', label: 'theirs' });
  await openTestCard(t, me.accountId, { label: 'ads' });
  const frozen = await openTestCard(t, me.accountId, { label: 'shop' });
  await t.ctx.database.db
    .update(cards)
    .set({ status: 'frozen', frozenBy: 'customer' })
    .where(eq(cards.id, frozen.id));
  await openTestCard(t, me.accountId, { segmentId: 'mc-531993', label: 'ads' });
  await openTestCard(t, me.accountId, { subAccountId: 'sub-a', label: 'sub only' });
});

describe('GET /api/card/rangeList', () => {
  it('answers the segments and labels the caller’s cards use, and the count per status', async () => {
    const answer = await t.api(rangeList, {}, { token: me.token });
    expect(answer.body).toEqual({
      code: 200,
      msg: 'Success',
      path: '/api/card/rangeList',
      data: {
        // In the segments' display order.
        segments: [
          { id: 'mc-531993', name: 'Mastercard 531993 · E-commerce', count: 1 },
          { id: 'visa-428837', name: 'Visa 428837 · Subscriptions', count: 3 },
        ],
        labels: ['ads', 'shop', 'sub only'],
        statusCounts: { active: 3, frozen: 1, deleted: 0 },
      },
    });
  });

  it('names segments in the caller’s language and narrows to a sub-account user’s own cards', async () => {
    const sub = await openSession(t, me.accountId, 'sub-a');
    const answer = await t.api(rangeList, {}, { token: sub.token, lang: 'zh-CN' });
    expect(answer.body.data).toEqual({
      segments: [{ id: 'visa-428837', name: 'Visa 428837 · 订阅服务', count: 1 }],
      labels: ['sub only'],
      statusCounts: { active: 1, frozen: 0, deleted: 0 },
    });
  });
});
