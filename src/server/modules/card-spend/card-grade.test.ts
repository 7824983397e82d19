import { describe, expect, it } from 'vitest';
import { cardGrade } from '../../../contract/cards';
import { fileTestApp } from '../../testing/file-app';
import { openTestCard } from '../../testing/cards';
import { signedInAccount } from '../../testing/signed-in';
import type { CardGrade } from './card-grade';
import { suits } from './card-grade';
import { authorizeOnce } from '../../testing/issuer';

const t = fileTestApp();

async function grade(token: string, merchant: string, lang: 'en' | 'zh-CN' = 'en'): Promise<CardGrade> {
  const answer = await t.api(cardGrade, { merchant }, { token, lang });
  expect(answer.body.code).toBe(200);
  return answer.body.data as CardGrade;
}

describe('suits', () => {
  it('matches listed merchants ignoring case and spacing, partly from 3 characters', () => {
    const listed = ['facebook', 'google ads', 'github'];
    expect(suits(listed, 'Facebook')).toBe(true);
    expect(suits(listed, 'Facebook Ads Manager')).toBe(true);
    expect(suits(listed, '  GOOGLE   ads ')).toBe(true);
    expect(suits(listed, 'git')).toBe(true);
    expect(suits(listed, 'gi')).toBe(false);
    expect(suits(listed, 'Amazon')).toBe(false);
  });
});

describe('cardGrade', () => {
  it('without data: every segment, suited ones first, no rates, the advice in the caller’s language', async () => {
    const me = await signedInAccount(t);
    const answer = await grade(me.token, 'Zoom Video');
    expect(answer.merchant).toBe('Zoom Video');
    expect(answer.segments).toHaveLength(5);
    expect(answer.segments[0]).toMatchObject({
      segmentId: 'visa-428837',
      suited: true,
      successRateBp: null,
      authorizations: 0,
      name: 'Visa 428837 · Subscriptions',
      network: 'visa',
      bin: '428837',
      status: 'open',
    });
    expect(answer.segments.slice(1).every((s) => !s.suited && s.successRateBp === null)).toBe(true);
    expect(answer.advice).toMatch(/No transaction data for this merchant yet/);
    const zh = await grade(me.token, 'Zoom Video', 'zh-CN');
    expect(zh.advice).toMatch(/暂无交易数据/);
    expect(zh.segments[0]?.name).toBe('Visa 428837 · 订阅服务');
  });

  it('with data: the success rate of that merchant per segment, over all accounts', async () => {
    const a = await signedInAccount(t);
    const b = await signedInAccount(t);
    const subscriptions = await openTestCard(t, a.accountId, { balance: 10_000 });
    const advertising = await openTestCard(t, b.accountId, { balance: 10_000, segmentId: 'visa-485932' });
    // Subscriptions segment: 3 approved, 1 declined for "Obscure Streaming Co" -> 75.00%.
    for (let i = 0; i < 3; i++) await authorizeOnce(t, subscriptions, { merchant: 'Obscure Streaming Co' });
    await authorizeOnce(t, subscriptions, { merchant: 'OBSCURE STREAMING CO', cvvMatched: false });
    // Advertising segment: 1 declined of 1 -> 0%.
    await authorizeOnce(t, advertising, { merchant: 'Obscure Streaming Co', amount: 99_999 });
    // Another merchant does not count.
    await authorizeOnce(t, advertising, { merchant: 'Other Shop' });

    const answer = await grade(a.token, 'obscure streaming');
    expect(answer.advice).toBeNull();
    const bySegment = new Map(answer.segments.map((s) => [s.segmentId, s]));
    expect(bySegment.get('visa-428837')).toMatchObject({
      successRateBp: 7_500,
      authorizations: 4,
      suited: false,
    });
    expect(bySegment.get('visa-485932')).toMatchObject({ successRateBp: 0, authorizations: 1 });
    expect(bySegment.get('mc-531993')).toMatchObject({ successRateBp: null, authorizations: 0 });
    // Best rate first among segments that are not listed as suited.
    expect(answer.segments[0]?.segmentId).toBe('visa-428837');
  });

  it('takes % and _ in a name literally', async () => {
    const me = await signedInAccount(t);
    const card = await openTestCard(t, me.accountId, { balance: 10_000 });
    await authorizeOnce(t, card, { merchant: 'Plain Merchant' });
    const answer = await grade(me.token, '%');
    expect(answer.segments.every((s) => s.authorizations === 0)).toBe(true);
  });
});
