import { beforeAll, describe, expect, it } from 'vitest';
import { tradeDetail, type TradeDetail } from '../../../contract/records';
import { fileSignedInAccount, fileTestApp } from '../../testing/file-app';
import { openTestCard } from '../../testing/cards';
import { openSession, signedInAccount, type SignedInSession } from '../../testing/signed-in';
import type { CardRow } from '../cards/card-access';
import { authorizationRow, authorizeOnce, followUpEvent, sendEvent } from '../../testing/issuer';

const t = fileTestApp();
const me = fileSignedInAccount(t);
let card: CardRow;
let memberCard: CardRow;
let member: SignedInSession;
/** Record ids (ours, not the issuer's) by what became of them. */
const ids: Record<string, string> = {};

async function recordId(issuerAuthId: string): Promise<string> {
  return (await authorizationRow(t, issuerAuthId))!.id;
}

async function detail(id: string, token = me.token, lang: 'en' | 'zh-CN' = 'en') {
  return t.api(tradeDetail, { id }, { token, lang });
}

beforeAll(async () => {
  card = await openTestCard(t, me.accountId, { balance: 100_000 });
  memberCard = await openTestCard(t, me.accountId, { balance: 100_000, subAccountId: 'sub-detail' });
  member = await openSession(t, me.accountId, 'sub-detail');

  const abroad = await authorizeOnce(t, card, {
    amount: 1_100,
    merchant: 'Le Café',
    category: '5814',
    country: 'FR',
    original: { amount: 1_000, currency: 'EUR' },
  });
  t.advance(60_000);
  await sendEvent(t, followUpEvent(card, 'clearing', abroad.authorizationId, 1_100));
  t.advance(60_000);
  await sendEvent(t, followUpEvent(card, 'refund', abroad.authorizationId, 300));
  t.advance(60_000);
  await sendEvent(t, followUpEvent(card, 'refund', abroad.authorizationId, 200));
  ids.refunded = await recordId(abroad.authorizationId);

  const released = await authorizeOnce(t, card, { amount: 700 });
  t.advance(60_000);
  await sendEvent(t, followUpEvent(card, 'reversal', released.authorizationId, 700));
  ids.reversed = await recordId(released.authorizationId);

  const declined = await authorizeOnce(t, memberCard, { amount: 400, cvvMatched: false });
  ids.declined = await recordId(declined.authorizationId);
});

describe('GET /api/cardTrade/detail', () => {
  it('tells the merchant’s own amount and every step: authorized, cleared, each refund, in order', async () => {
    const answer = await detail(ids.refunded!);
    expect(answer.body.code).toBe(200);
    const data = answer.body.data as TradeDetail;
    expect(data).toMatchObject({
      id: ids.refunded,
      status: 'refunded',
      currency: 'USD',
      amount: 1_100,
      refunded: 500,
      merchantName: 'Le Café',
      merchantCategory: '5814',
      merchantCountry: 'FR',
      originalAmount: 1_000,
      originalCurrency: 'EUR',
    });
    expect(data.history.map((step) => [step.step, step.amount])).toEqual([
      ['authorized', 1_100],
      ['cleared', 1_100],
      ['refunded', 300],
      ['refunded', 200],
    ]);
    const times = data.history.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(4);
  });

  it('a reversed record: authorized then reversed, never cleared; no original amount when the issuer gave none', async () => {
    const data = (await detail(ids.reversed!)).body.data as TradeDetail;
    expect(data.history.map((step) => step.step)).toEqual(['authorized', 'reversed']);
    expect(data.history[1]!.amount).toBe(700);
    expect(data.originalAmount).toBeNull();
    expect(data.originalCurrency).toBeNull();
  });

  it('a declined record: one step, with the reason in the reader’s language', async () => {
    const en = (await detail(ids.declined!)).body.data as TradeDetail;
    expect(en.history.map((step) => step.step)).toEqual(['declined']);
    expect(en.declineReason).toBe('incorrect_cvv');
    const zh = (await detail(ids.declined!, me.token, 'zh-CN')).body.data as TradeDetail;
    expect(zh.declineText).not.toBe(en.declineText);
    expect(zh.declineText).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a member reads its own cards’ records only; another account reads none (404, nothing said)', async () => {
    expect((await detail(ids.declined!, member.token)).body.code).toBe(200);
    const notMine = await detail(ids.refunded!, member.token);
    expect(notMine.body.code).toBe(404);
    expect(notMine.body.data).toBeNull();
    const stranger = await signedInAccount(t);
    expect((await detail(ids.refunded!, stranger.token)).body.code).toBe(404);
    expect((await detail('no-such-record')).body.code).toBe(404);
  });

  it('needs a bearer token', async () => {
    expect((await t.api(tradeDetail, { id: ids.refunded! })).status).toBe(401);
  });
});
